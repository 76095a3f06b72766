import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { promptsStrings as strings } from '../strings';
import { sideBySideDiff, type DiffCell } from '../utils/lineDiff';
import './prompts.css';

export interface DiffViewProps {
  left: string;
  right: string;
  leftTitle: string;
  rightTitle: string;
  caption: string;
}

const MARKS = { same: ' ', removed: '−', added: '+' } as const;
const LABELS = { same: strings.diffSame, removed: strings.diffRemoved, added: strings.diffAdded } as const;

function Cell({ cell }: { cell: DiffCell }) {
  if (!cell) return <Table.Td className="prompt-diff__cell prompt-diff__cell--empty" />;
  return (
    <Table.Td className={`prompt-diff__cell prompt-diff__cell--${cell.kind}`}>
      <span aria-hidden="true" className="prompt-diff__mark">
        {MARKS[cell.kind]}
      </span>
      {cell.kind !== 'same' && <VisuallyHidden>{`${LABELS[cell.kind]}: `}</VisuallyHidden>}
      <span className="prompt-diff__text">{cell.text || ' '}</span>
    </Table.Td>
  );
}

/** Two texts side by side, line by line, with removed lines on the left and added ones on the right marked. */
export function DiffView({ left, right, leftTitle, rightTitle, caption }: DiffViewProps) {
  const rows = useMemo(() => sideBySideDiff(left, right), [left, right]);
  return (
    <div className="prompt-diff">
      <Table layout="fixed" withColumnBorders verticalSpacing={2} aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{leftTitle}</Table.Th>
            <Table.Th scope="col">{rightTitle}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              <Cell cell={row.left} />
              <Cell cell={row.right} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && <Text c="dimmed">{strings.diffSame}</Text>}
    </div>
  );
}
