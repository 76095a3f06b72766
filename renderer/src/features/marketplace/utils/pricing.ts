/** An ecosystem's price after its discount (a percentage, 0 to 100), rounded to cents. */
export function discountedPrice(price: number, discount: number): number {
  const percent = Math.min(100, Math.max(0, discount || 0));
  return Math.round(price * (100 - percent)) / 100;
}
