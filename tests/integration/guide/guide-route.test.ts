import { describe, expect, it } from "vitest";
import { loader, shouldRevalidate } from "~/routes/public/guide";

type LoaderArgs = Parameters<typeof loader>[0];
type RevalidateArgs = Parameters<typeof shouldRevalidate>[0];

const load = (search: string) => loader({ request: new Request(`http://localhost/guide${search}`) } as LoaderArgs);

describe("the /guide route", () => {
  it.each([
    ["", "lincoln-douglas"],
    ["?event=public-forum", "public-forum"],
    ["?event=extemporaneous-speaking", "extemporaneous"],
    ["?event=radio-speaking&tab=videos", "radio"],
    ["?event=unknown", "lincoln-douglas"],
  ])("loads %j as %s with the grouped list", async (search, id) => {
    const data = await load(search);
    expect(data.event.id).toBe(id);
    expect(data.groups.map((group) => group.category)).toEqual(["Congress", "Debate", "Speech"]);
    expect(data.event).not.toHaveProperty("aliases");
  });

  it("does not reload the event when only the tab changes", () => {
    const args = (from: string, to: string) =>
      ({
        currentUrl: new URL(`http://localhost${from}`),
        nextUrl: new URL(`http://localhost${to}`),
        defaultShouldRevalidate: true,
      }) as RevalidateArgs;
    expect(shouldRevalidate(args("/guide?event=radio", "/guide?event=radio&tab=videos"))).toBe(false);
    expect(shouldRevalidate(args("/guide?event=radio", "/guide?event=public-forum"))).toBe(true);
    expect(shouldRevalidate(args("/guide?event=radio", "/about"))).toBe(true);
  });
});
