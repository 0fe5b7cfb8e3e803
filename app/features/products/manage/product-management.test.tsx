import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductActionResult } from "./admin.server";
import { productNotices } from "./notices";
import { imageFileProblem } from "./product-form-fields";
import { productImageSources } from "../images/product-image";
import { ProductManagement, type AdminProductItem } from "./product-management";

// The page as the server sends it, which is all a browser without JavaScript gets.
const unlimitedTee: AdminProductItem = {
  id: "p-tee",
  name: "District Tee",
  description: null,
  category: "apparel",
  price: "$20.00",
  priceInput: "20.00",
  stock: { label: "Unlimited Stock Available", tone: "unlimited" },
  stockCount: null,
  unlimitedStock: true,
  isActive: true,
  created: "Nov 25, 2026",
  imageUrl: null,
  image: productImageSources(null),
  registrationKind: "none",
};

// The open form is the address's (?new=1, ?edit=<id>): the page reads it as the browser gives it.
function render(url: string, props: { result?: ProductActionResult } = {}) {
  const Page = () => <ProductManagement products={[unlimitedTee]} loadFailed={false} result={props.result} />;
  const Stub = createRoutesStub([{ path: "/admin/products", Component: Page }]);
  return renderToStaticMarkup(<Stub initialEntries={[url]} />);
}

const stockInput = (html: string) => /<input[^>]*name="stockCount"[^>]*>/.exec(html)?.[0] ?? "";

describe("Manage Products without JavaScript", () => {
  // QA: the field was rendered disabled and only JavaScript could enable it, so the first save always failed.
  it("lets Stock count be typed after unticking Unlimited stock, in Add and in Edit of an unlimited product", () => {
    const add = stockInput(render("/admin/products?new=1"));
    expect(add).toContain('value="0"');
    expect(add).not.toContain("disabled");
    const edit = stockInput(render("/admin/products?edit=p-tee"));
    expect(edit).toContain('value="0"');
    expect(edit).not.toContain("disabled");
  });

  // So a reload, or "Back to the form" from an upload over the size limit, finds the same form again.
  it("posts Add and Edit to their own address, and closes the form once saved", () => {
    expect(render("/admin/products?new=1")).toMatch(/<form[^>]*action="\/admin\/products\?new=1"/);
    expect(render("/admin/products?edit=p-tee")).toMatch(/<form[^>]*action="\/admin\/products\?edit=p-tee"/);
    const created = render("/admin/products?new=1", {
      result: { intent: "create", ok: true, notice: productNotices.created },
    });
    expect(created).toContain("Product created successfully");
    expect(stockInput(created)).toBe("");
    const updated = render("/admin/products?edit=p-tee", {
      result: { intent: "update", ok: true, notice: productNotices.updated },
    });
    expect(updated).toContain("Product updated successfully");
    expect(stockInput(updated)).toBe("");
  });

  it("keeps Add Product open and filled in after an image over 5 MB", () => {
    // The form in the page posts to its own address, so its answer comes back there.
    const html = render("/admin/products?new=1", {
      result: {
        intent: "create",
        ok: false,
        notice: productNotices.fileTooLarge,
        fieldErrors: { image: "File too large: Image must be less than 5MB" },
        values: { name: "Oversized Tee", price: "21.50", stockCount: "12" },
      },
    });
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Oversized Tee"/);
    expect(html).toMatch(/<input[^>]*name="price"[^>]*value="21.50"/);
    expect(stockInput(html)).toContain('value="12"');
    expect(html).toContain("File too large: Image must be less than 5MB");
  });
});

describe("the image check before sending", () => {
  it.each([
    [{ type: "text/plain", size: 5 }, productNotices.invalidFileType],
    [{ type: "image/png", size: 9_700_000 }, productNotices.fileTooLarge],
    [{ type: "image/png", size: 5 * 1024 * 1024 + 1 }, productNotices.fileTooLarge],
    [{ type: "image/png", size: 5 * 1024 * 1024 }, null],
    [{ type: "image/jpeg", size: 300_000 }, null],
  ])("%j gives %j", (file, notice) => {
    expect(imageFileProblem(file)).toEqual(notice);
  });
});
