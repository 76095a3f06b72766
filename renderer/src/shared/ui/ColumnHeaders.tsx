import { Table } from '@mantine/core';

/** A table's header row: one column header per text, in order (`scope="col"` for screen readers). */
export function ColumnHeaders({ columns }: { columns: Readonly<Record<string, string>> }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {Object.values(columns).map((column) => (
          <Table.Th key={column} scope="col">
            {column}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
