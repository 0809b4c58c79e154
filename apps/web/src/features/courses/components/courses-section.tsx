import { useId, type ReactNode } from 'react';

/** One section of /courses: a region named by its heading. */
export function CoursesSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="courses__section" aria-labelledby={id}>
      <h2 id={id} className="courses__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface FoldingSectionProps {
  title: string;
  /** Whether the content folds at all; without, this is a plain section. */
  foldable: boolean;
  expanded: boolean;
  onToggle: () => void;
  /** Shown whether folded or not, under the heading. */
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * A section whose content can fold behind its heading: the heading then holds a disclosure button
 * (aria-expanded), so it keeps the section's name and is reached and pressed from the keyboard like any
 * button. The content stays mounted when it folds: a request started in it (an application) still finishes
 * and reports.
 */
export function FoldingSection({ title, foldable, expanded, onToggle, lead, children }: FoldingSectionProps) {
  const id = useId();
  const panelId = useId();
  return (
    <section className="courses__section" aria-labelledby={id}>
      <h2 id={id} className="courses__section-title">
        {foldable ? (
          <button
            type="button"
            className="courses__fold"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={onToggle}
          >
            <span>{title}</span>
            <svg className="courses__fold-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M6 9l6 6 6-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : (
          title
        )}
      </h2>
      {lead}
      <div id={panelId} className="courses__fold-panel" hidden={foldable && !expanded}>
        {children}
      </div>
    </section>
  );
}
