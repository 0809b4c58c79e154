import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { htmlPreview } from '@portal/shared/calls/content-desk';
import { Alert } from '@/components/ui/alert';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { staffCall } from '@/console/lib/staff-client';

/** Staff HTML as the server's sanitiser leaves it for students. */
export function previewHtml(html: string, signal?: AbortSignal) {
  return staffCall(htmlPreview, { body: { html } }, { signal }).then((answer) => answer.data.html);
}

/** The text a little after typing stops, so that each keystroke is not a request. */
function useSettled(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * What students will see of staff HTML: the server sanitises it (the one allow-list of the portal), and only
 * that answer is put on the page, never the text as typed.
 */
export function HtmlPreview({ html, label }: { html: string; label: string }) {
  const t = useT();
  const failureText = useFailureText();
  const settled = useSettled(html, 400);
  const preview = useQuery({
    queryKey: ['staff', 'html-preview', settled],
    queryFn: ({ signal }) => previewHtml(settled, signal),
    enabled: settled.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  return (
    <section className="html-preview" aria-label={label}>
      <h3 className="html-preview__title">{label}</h3>
      {settled.trim() === '' ? (
        <p className="field__hint">{t('app.htmlPreview.empty')}</p>
      ) : preview.isError ? (
        <Alert tone="error">{failureText(preview.error)}</Alert>
      ) : preview.data !== undefined ? (
        <div
          className="html-preview__body"
          // Sanitised by the server (lib/staff-html.ts), exactly as students are given it.
          dangerouslySetInnerHTML={{ __html: preview.data }}
        />
      ) : (
        <p role="status">{t('app.htmlPreview.preparing')}</p>
      )}
    </section>
  );
}
