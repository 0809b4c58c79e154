/** A student's fields as label and value, a dash where a value is missing (review queue, student page). */
export function FieldList({ fields }: { fields: [label: string, value: string | null][] }) {
  return (
    <dl className="console-fields">
      {fields.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
