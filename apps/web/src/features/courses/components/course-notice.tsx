import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';

interface Notice {
  text: string;
  /** Tells two equal messages apart, so that each one is announced and focused. */
  id: number;
}

/** The result of applying or cancelling, said at the top of the page. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const announce = useCallback((text: string) => {
    setNotice((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
  }, []);
  return { notice, announce };
}

export function CourseNotice({ notice }: { notice: Notice | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The button that was pressed is gone or disabled now: the result is where reading goes on.
    if (notice) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <div ref={ref} tabIndex={-1} key={notice.id} className="courses__notice">
      <Alert tone="success">{notice.text}</Alert>
    </div>
  );
}
