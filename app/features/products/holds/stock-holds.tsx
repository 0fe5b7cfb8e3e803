import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { StockHold } from "./holds.server";

/**
 * Manage Products' list of stock held by open checkouts, each with a Release
 * button (a plain form post: it works without JavaScript). Releasing ends that
 * checkout and puts its stock back in the shop (decision 0028).
 */
export function StockHolds({ holds }: { holds: StockHold[] }) {
  const navigation = useNavigation();
  const releasing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "release-hold"
      ? navigation.formData.get("checkoutId")
      : null;
  return (
    <section aria-labelledby="stock-holds-title" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="stock-holds-title" className="text-lg font-semibold text-navy-900">
          Stock on hold
        </h2>
        <p className="text-sm text-muted-foreground">
          Limited stock held by checkouts that are not paid yet. A hold ends by itself when its checkout expires;
          Release ends it now and the buyer's payment page stops taking payment. A delayed payment on its way (Payment
          processing) keeps its hold until it settles.
        </p>
      </div>
      {holds.length === 0 ? (
        <p className="text-sm text-muted-foreground">No stock is on hold.</p>
      ) : (
        <Table aria-labelledby="stock-holds-title">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Product</TableHead>
              <TableHead scope="col">Quantity</TableHead>
              {/* The action comes before the wide columns, so a phone reaches it without scrolling the table. */}
              <TableHead scope="col">
                <span className="sr-only">Action</span>
              </TableHead>
              <TableHead scope="col">Buyer</TableHead>
              <TableHead scope="col">Started</TableHead>
              <TableHead scope="col">Hold ends</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {holds.map((hold) => (
              <TableRow key={`${hold.checkoutId}-${hold.productName}`}>
                <TableCell>{hold.productName}</TableCell>
                <TableCell>{hold.quantity}</TableCell>
                <TableCell>
                  {hold.processing ? (
                    <span className="text-sm text-muted-foreground">Payment processing</span>
                  ) : (
                    <Form method="post" action="/admin/products">
                      <input type="hidden" name="checkoutId" value={hold.checkoutId} />
                      <Button
                        type="submit"
                        name="intent"
                        value="release-hold"
                        variant="outline"
                        size="sm"
                        disabled={releasing === hold.checkoutId}
                        aria-label={`Release hold: ${hold.quantity} ${hold.productName} for ${hold.email}`}
                      >
                        Release
                      </Button>
                    </Form>
                  )}
                </TableCell>
                <TableCell className="break-all">{hold.email}</TableCell>
                <TableCell>{hold.started}</TableCell>
                <TableCell>{hold.ends}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
