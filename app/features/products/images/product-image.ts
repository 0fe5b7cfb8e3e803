/**
 * Where a product's picture comes from. Uploaded and fetched images are
 * re-encoded by the server into WebP variants (images.server.ts) and served
 * from content-hashed URLs: `/product-images/<hash>-<width>.webp`. The
 * product's `image_url` holds the largest variant's URL; the smaller one is
 * found by swapping the width. A product without an image shows the
 * district's logo (docs/product.md#3-entities-and-their-fields).
 */
export const PRODUCT_IMAGE_PREFIX = "/product-images/";
/** The widths every image is stored at: table thumbnails and shop cards. */
export const PRODUCT_IMAGE_WIDTHS = [160, 640] as const;
export const LARGEST_WIDTH = 640;
export const PRODUCT_PLACEHOLDER_SRC = "/favicon.svg";

const HASHED = /^\/product-images\/([a-f0-9]{16,64})-(\d+)\.webp$/;

export function productImageUrl(hash: string, width: number): string {
  return `${PRODUCT_IMAGE_PREFIX}${hash}-${width}.webp`;
}

export type ProductImageSources = {
  src: string;
  srcSet?: string;
  /** True when the district logo stands in for a missing image. */
  isPlaceholder: boolean;
};

/**
 * `<img>` attributes for a product's image (or the logo):
 * `<img {...productImageSources(product.imageUrl)} sizes="..." alt="" />`.
 */
export function productImageSources(imageUrl: string | null | undefined): ProductImageSources {
  if (!imageUrl) return { src: PRODUCT_PLACEHOLDER_SRC, isPlaceholder: true };
  const match = HASHED.exec(imageUrl);
  if (!match) return { src: imageUrl, isPlaceholder: false };
  const hash = match[1] ?? "";
  return {
    src: productImageUrl(hash, LARGEST_WIDTH),
    srcSet: PRODUCT_IMAGE_WIDTHS.map((width) => `${productImageUrl(hash, width)} ${width}w`).join(", "),
    isPlaceholder: false,
  };
}
