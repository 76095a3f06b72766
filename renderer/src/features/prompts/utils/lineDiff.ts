import { diffLines } from 'diff';

export type DiffCell = { text: string; kind: 'same' | 'removed' | 'added' } | null;

export interface DiffRow {
  left: DiffCell;
  right: DiffCell;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Side-by-side rows of a line diff: unchanged lines on both sides, a removed run beside the added
 * run that replaced it (pairing them line by line), and an empty cell where one side has nothing.
 */
export function sideBySideDiff(left: string, right: string): DiffRow[] {
  const rows: DiffRow[] = [];
  // A last line without its newline is still the same line.
  const withFinalNewline = (value: string) => (value.endsWith('\n') ? value : `${value}\n`);
  const parts = diffLines(withFinalNewline(left), withFinalNewline(right));
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    if (!part.added && !part.removed) {
      for (const text of linesOf(part.value)) rows.push({ left: { text, kind: 'same' }, right: { text, kind: 'same' } });
      continue;
    }
    const removed = part.removed ? linesOf(part.value) : [];
    const next = parts[index + 1];
    const added = part.added ? linesOf(part.value) : next?.added ? linesOf(next.value) : [];
    if (part.removed && next?.added) index += 1;
    for (let line = 0; line < Math.max(removed.length, added.length); line += 1) {
      rows.push({
        left: line < removed.length ? { text: removed[line], kind: 'removed' } : null,
        right: line < added.length ? { text: added[line], kind: 'added' } : null,
      });
    }
  }
  return rows;
}
