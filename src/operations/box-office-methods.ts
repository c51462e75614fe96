/** How a box-office sale is paid (box-office.ts); a module of its own so the sales screen can import it. */
export const BOX_OFFICE_METHODS = ['cash', 'terminal', 'invoice', 'link'] as const;
export type BoxOfficeMethod = (typeof BOX_OFFICE_METHODS)[number];
