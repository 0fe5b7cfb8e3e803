import { parseProduct } from "./product-schema";

/** The product form's browser-side check, loaded on first use (see ~/ui/lazy-validation). */
export const validateProduct = (formData: FormData) => parseProduct(formData);
