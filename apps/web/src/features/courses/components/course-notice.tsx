import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useMessageText } from '@/lib/i18n';

/** Says a result: a spec message, with its code and values when the server gave them. */
export type Announce = (text: string, code?: string, params?: Record<string, string>) => void;

interface Notice {
  /** Kept in English and shown in the language of the moment. */
  text: string;
  code?: string | undefined;
  params?: Record<string, string> | undefined;
  /** Tells two equal messages apart, so that each one is announced and focused. */
  id: number;
}

/** The result of applying or cancelling, said at the top of the page. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const announce = useCallback<Announce>((text, code, params) => {
    setNotice((previous) => ({ text, code, params, id: (previous?.id ?? 0) + 1 }));
  }, []);
  return { notice, announce };
}

export function CourseNotice({ notice }: { notice: Notice | null }) {
  const tm = useMessageText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The button that was pressed is gone or disabled now: the result is where reading goes on.
    if (notice) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <div ref={ref} tabIndex={-1} key={notice.id} className="courses__notice">
      <Alert tone="success">{tm(notice.text, notice.code, notice.params)}</Alert>
    </div>
  );
}
