/** The notices of docs/product.md#8-error-and-notice-texts for Manage Products, word for word. */
export type ProductNotice = { type: "success" | "error"; title: string; description?: string };

export const productNotices = {
  created: { type: "success", title: "Success", description: "Product created successfully" },
  updated: { type: "success", title: "Success", description: "Product updated successfully" },
  deleted: { type: "success", title: "Success", description: "Product deleted successfully" },
  activated: { type: "success", title: "Success", description: "Product activated successfully" },
  deactivated: { type: "success", title: "Success", description: "Product deactivated successfully" },
  orderUpdated: { type: "success", title: "Success", description: "Product order updated successfully" },
  loadFailed: { type: "error", title: "Error", description: "Failed to load products" },
  unexpected: { type: "error", title: "Error", description: "An unexpected error occurred" },
  createFailed: { type: "error", title: "Error", description: "Failed to create product" },
  updateFailed: { type: "error", title: "Error", description: "Failed to update product" },
  deleteFailed: { type: "error", title: "Error", description: "Failed to delete product" },
  statusFailed: { type: "error", title: "Error", description: "Failed to update product status" },
  orderFailed: { type: "error", title: "Error", description: "Failed to update product order" },
  notFound: { type: "error", title: "Error", description: "This product no longer exists." },
  invalidFileType: {
    type: "error",
    title: "Invalid file type",
    description: "Please upload an image file (jpg, png, gif, etc.)",
  },
  fileTooLarge: { type: "error", title: "File too large", description: "Image must be less than 5MB" },
  imageUploadFailed: (message?: string): ProductNotice => ({
    type: "error",
    title: "Image Upload Failed",
    description: message ?? "Failed to upload image. Please try again.",
  }),
} satisfies Record<string, ProductNotice | ((message?: string) => ProductNotice)>;
