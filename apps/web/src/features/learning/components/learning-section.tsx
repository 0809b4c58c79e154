import type { ReactNode } from 'react';

/** A titled section of a learning page, named by its heading (`headingId` from the page's `useId`). */
export function LearningSection(props: { headingId: string; title: string; children: ReactNode }) {
  return (
    <section className="learning-section" aria-labelledby={props.headingId}>
      <h2 id={props.headingId} className="learning-section__title">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
