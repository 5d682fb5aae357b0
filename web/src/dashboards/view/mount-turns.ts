// Cards drawn a few at a time, not all in one task (B6: no task over 200 ms). A dashboard's cards come with their
// modules and, asked ahead (data/prefetch.ts), with their data; drawn together, 30 of them were one render of about
// half a second (the screens' 250 elements, 15 charts, the trees) during which the page could not answer. Each card
// asks for its turn when it is mounted; turns are given in the order asked (the cards' reading order), in batches,
// one batch per task: React draws a batch (render, commit, effects) before the next is given, and the browser may
// paint and handle input between them. A batch holds as many cards as fit in BATCH_BUDGET_MS at the cost per card
// the last batch took (one card first).
import { useEffect, useState } from 'react';

/** The time one batch of cards may take to draw. */
const BATCH_BUDGET_MS = 60;
/** A batch's size at most, whatever the last one cost. */
const BATCH_MAX = 3;

const waiting: (() => void)[] = [];
let scheduled = false;
let given: { at: number; cards: number } | null = null;
let batch = 1;

function next(): void {
  scheduled = false;
  const now = performance.now();
  if (given !== null) {
    // What the last batch cost per card, from its grant to this task (React's render of it came between).
    const perCard = (now - given.at) / given.cards;
    batch = Math.max(1, Math.min(BATCH_MAX, Math.floor(BATCH_BUDGET_MS / Math.max(perCard, 1))));
  }
  let cards = 0;
  while (cards < batch && waiting.length > 0) {
    waiting.shift()?.();
    cards += 1;
  }
  given = cards > 0 ? { at: now, cards } : null;
  if (waiting.length > 0) schedule();
  else given = null;
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // A macrotask: React draws what the grants set (its own scheduler task) before the next batch.
  setTimeout(next, 0);
}

/** False until this card's turn has come; then true for good. */
export function useMountTurn(): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    if (turn) return undefined;
    let live = true;
    waiting.push(() => {
      if (live) setTurn(true);
    });
    schedule();
    return () => {
      live = false;
    };
  }, [turn]);
  return turn;
}
