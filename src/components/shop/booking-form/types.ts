import type { BookingReview as FullReview } from '@/shop/review';

/**
 * The API leaves the customer out unless this browser made the hold (or has the signed link).
 * `invoice`: who the full invoice will name, as the holds route stored it, for the hold this
 * browser just made.
 */
export type BookingReview = Omit<FullReview, 'customer'> & {
  customer: FullReview['customer'] | null;
  invoice?: { name: string; taxId: string } | undefined;
};

export type ShopMessages = {
  errors: Record<string, string>;
  form: Record<string, string>;
  review: Record<string, string>;
  invoice: Record<string, string>;
};

/** The form's inputs as typed: strings, as they are posted. */
export type Values = Record<string, string>;
