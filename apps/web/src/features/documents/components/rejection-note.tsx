/** Why staff refused the documents, above the slots. */
export function RejectionNote({ reason }: { reason: string | null | undefined }) {
  return (
    <div className="documents__rejection">
      <h2 className="documents__rejection-title">Your documents were not accepted</h2>
      <p>{reason?.trim() || 'Please upload clear pictures of valid documents.'}</p>
    </div>
  );
}
