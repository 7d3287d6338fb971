/** An amount typed in dollars ("25", "25.5", "1,025.50", "$25") as integer cents; null when it is not one. */
export function dollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
