/**
 * The product image cap, in one place for the browser's check before sending, the server's check of the
 * bytes, and the body cap of the form that carries it. Plain module: the product form's browser code reads it.
 */

const MiB = 1024 * 1024;

/** The largest product image accepted (its error text says "less than 5MB"). */
export const MAX_IMAGE_BYTES = 5 * MiB;

/**
 * The most a product form's body (and so its image part) may hold: the image, the form's other fields and the
 * multipart framing. The body cap of /admin/products and the multipart parser's part cap are both this, so an
 * image over MAX_IMAGE_BYTES but under this reaches the action with the rest of the form and is refused on the
 * page with the form kept as typed; a bigger body is refused by the body cap.
 */
export const MAX_IMAGE_FORM_BYTES = 6 * MiB;
