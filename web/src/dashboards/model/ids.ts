// Card ids: short, unique within a dashboard (the cards inside containers' tabs included), of the characters the
// server accepts (dashboards/document.py CardId: [A-Za-z0-9_-], at most 32).
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomPart(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length] ?? 'x').join('');
}

/** A new card id not in `taken`. */
export function newCardId(taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const id = `c${randomPart(7)}`;
    if (!taken.has(id)) return id;
  }
}
