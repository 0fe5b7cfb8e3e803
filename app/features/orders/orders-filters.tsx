import { Search } from "lucide-react";
import { Form, useLocation } from "react-router";
import { Button } from "~/ui/button";
import { Field, FieldLabel } from "~/ui/field";
import { Input } from "~/ui/input";
import { LinkButton } from "~/ui/link-button";
import { Select } from "~/ui/select";
import type { FilterOptions } from "./orders.server";
import { hasActiveFilters, type OrderFilters, type OrdersView } from "./filters";
import { PendingIndicator } from "~/ui/dashboard";

/** A GET form: the filters land in the address, so they survive reload, can be shared, and need no JavaScript. */
export function OrdersFilters({
  filters,
  options,
  view,
}: {
  filters: OrderFilters;
  options: FilterOptions;
  view: OrdersView;
}) {
  const location = useLocation();
  return (
    <Form
      // Remounting on a new address resets the fields after Clear or Back.
      key={location.search}
      method="get"
      role="search"
      aria-label="Filter orders"
      className="grid gap-3 rounded-card border border-border bg-card p-4 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
    >
      {view === "entries" ? <input type="hidden" name="view" value="entries" /> : null}
      <Field>
        <FieldLabel htmlFor="filter-student">Student name</FieldLabel>
        <Input
          id="filter-student"
          name="student"
          type="search"
          defaultValue={filters.student}
          placeholder="Any student"
          autoComplete="off"
          maxLength={100}
        />
      </Field>
      <ChoiceField
        id="filter-tournament"
        name="tournament"
        label="Tournament"
        anyLabel="All tournaments"
        values={options.tournaments}
        current={filters.tournament}
      />
      <ChoiceField
        id="filter-event"
        name="event"
        label="Event"
        anyLabel="All events"
        values={options.events}
        current={filters.event}
      />
      <div className="flex items-center gap-2">
        <Button type="submit">
          <Search aria-hidden="true" />
          Filter
        </Button>
        {hasActiveFilters(filters) ? (
          <LinkButton to={view === "entries" ? "?view=entries" : "."} variant="ghost">
            Clear
          </LinkButton>
        ) : null}
        <PendingIndicator label="Loading orders" />
      </div>
    </Form>
  );
}

/** A choice built from the data; a linked value that no longer exists still shows as selected. */
function ChoiceField(props: {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  values: string[];
  current: string;
}) {
  const values =
    props.current && !props.values.includes(props.current) ? [props.current, ...props.values] : props.values;
  return (
    <Field>
      <FieldLabel htmlFor={props.id}>{props.label}</FieldLabel>
      <Select id={props.id} name={props.name} defaultValue={props.current}>
        <option value="">{props.anyLabel}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </Select>
    </Field>
  );
}
