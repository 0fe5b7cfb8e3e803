/** docs/product.md's texts for the Contact Submissions page. */
export const LOGIN_REQUIRED_MESSAGE = "You must be logged in to access this page.";
export const LOAD_FAILED_MESSAGE = "Failed to load contact submissions.";
