import type { Batch, Course } from '@portal/shared/schemas/courses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { AvailableBatchList, FIRST_CARDS } from './available-batch-list';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function course(n: number): Course {
  return {
    _id: uuid(n),
    name: `Course ${n}`,
    initial: 'AIC',
    shortDescription: `Course ${n} in short.`,
    courseColor: '#0b5394',
  };
}

function batch(id: number, city: string, courses: Course[]): Batch {
  return {
    _id: uuid(id),
    city,
    name: `Batch ${id}`,
    courses,
    batchCourses: courses.map((offered) => ({ course: offered._id, mode: 'both' as const })),
  };
}

// Seven cards in three batches of two cities: the first render's four end inside the second batch.
const batches = [
  batch(101, 'Karachi', [course(1), course(2), course(3)]),
  batch(102, 'Karachi', [course(4), course(5)]),
  batch(103, 'Lahore', [course(6), course(7)]),
];

const applying = {
  studentId: uuid(900),
  blockedBy: undefined,
  courseIndexFor: () => undefined,
  onApplied: () => undefined,
};

describe('the available courses list (decision 0068)', () => {
  it('draws the first cards first, then the whole list in the order of its cities and batches', () => {
    const cardsAtCommit: string[][] = [];
    const names = () =>
      [...document.querySelectorAll('article h5')].map((heading) => heading.textContent ?? '');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Profiler id="list" onRender={() => cardsAtCommit.push(names())}>
          <AvailableBatchList batches={batches} ownCity="Karachi" applying={applying} />
        </Profiler>
      </QueryClientProvider>,
    );

    expect(FIRST_CARDS).toBe(4);
    expect(cardsAtCommit[0]).toEqual(['Course 1', 'Course 2', 'Course 3', 'Course 4']);
    expect(cardsAtCommit.at(-1)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Course ${n}`));
    const lahore = screen.getByRole('heading', { level: 3, name: 'Lahore' }).parentElement!;
    expect(within(lahore).getAllByRole('button', { name: 'Apply' })).toHaveLength(2);
  });
});
