/** The header row of an admin table: one column per label; `end` right-aligns a number column. */
export default function TableHead({ columns }: { columns: (string | { label: string; end: true })[] }) {
  return (
    <thead className="bg-parchment">
      <tr>
        {columns.map((column) => {
          const { label, end } = typeof column === 'string' ? { label: column, end: false } : column;
          return (
            <th key={label} scope="col" className={`px-3 py-2 ${end ? 'text-end' : 'text-start'}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
