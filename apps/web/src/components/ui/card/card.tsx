import type { ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import './card.css';

interface CardProps {
  /** The page's heading: focused after a navigation so screen readers start there. */
  title: ReactNode;
  intro?: ReactNode;
  size?: 'narrow' | 'wide';
  className?: string;
  children?: ReactNode;
}

/** A page's main panel with its one <h1>. */
export function Card({ title, intro, size = 'narrow', className, children }: CardProps) {
  return (
    <section className={cx('card', `card--${size}`, className)}>
      <h1 className="card__title" tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
