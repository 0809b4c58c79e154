import { skipToken, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/lectures';
import { QUARTERS, type Quarter } from '@portal/shared/constants/courses';
import { staffCall } from '@/console/lib/staff-client';

/*
 * The console's calls of /staffapi/content (docs/api.md, decision 0024; packages/shared/src/calls/lectures.ts).
 * Reads are queries keyed by their scope; every change is a mutation that refreshes the list it changed.
 */

/** The course, batch number and quarter a content page shows, as the address holds them. */
export interface Scope {
  course: string;
  batchNumber: string;
  quarter: string;
}

/** A scope with its three choices made, as the lesson and textbook calls take it. */
export type ChosenScope = Scope & { quarter: Quarter };
/** A links scope: its quarter may be empty (every quarter). */
export type LinkScope = Scope & { quarter: Quarter | '' };

const isQuarter = (quarter: string): quarter is Quarter => (QUARTERS as readonly string[]).includes(quarter);

/** The scope once the course, batch number and quarter are chosen; null before. */
export function chosenScope(scope: Scope): ChosenScope | null {
  const { quarter } = scope;
  return scope.course !== '' && scope.batchNumber !== '' && isQuarter(quarter) ? { ...scope, quarter } : null;
}

/** The links page's scope once the course and batch number are chosen; null before. */
export function linkScope(scope: Scope): LinkScope | null {
  const { quarter } = scope;
  return scope.course !== '' && scope.batchNumber !== '' && (quarter === '' || isQuarter(quarter))
    ? { ...scope, quarter }
    : null;
}

export const contentKeys = {
  lessons: (scope: Scope) => ['staff', 'content', 'lessons', scope] as const,
  links: (scope: Scope) => ['staff', 'content', 'links', scope] as const,
  textbooks: (scope: Scope) => ['staff', 'content', 'textbooks', scope] as const,
  examKeys: (batchId: string, course: string) => ['staff', 'content', 'exam-keys', batchId, course] as const,
};

export function useLessonTree(scope: Scope) {
  const chosen = chosenScope(scope);
  return useQuery({
    queryKey: contentKeys.lessons(scope),
    queryFn: chosen ? ({ signal }) => staffCall(calls.lessonTree, { query: chosen }, { signal }) : skipToken,
  });
}

export function useCourseLinks(scope: Scope) {
  const chosen = linkScope(scope);
  return useQuery({
    queryKey: contentKeys.links(scope),
    queryFn: chosen ? ({ signal }) => staffCall(calls.courseLinks, { query: chosen }, { signal }) : skipToken,
  });
}

export function useTextbooks(scope: Scope) {
  const chosen = chosenScope(scope);
  return useQuery({
    queryKey: contentKeys.textbooks(scope),
    queryFn: chosen ? ({ signal }) => staffCall(calls.textbooks, { query: chosen }, { signal }) : skipToken,
  });
}

export function useExamKeys(batchId: string, course: string) {
  const chosen = batchId !== '' && course !== '';
  return useQuery({
    queryKey: contentKeys.examKeys(batchId, course),
    queryFn: chosen
      ? ({ signal }) => staffCall(calls.examKeys, { query: { batchId, course } }, { signal })
      : skipToken,
  });
}

/**
 * A change that refreshes `refresh` when it succeeds: `mutate` takes the call to make, as a function (a
 * creation answers the new id; an edit, a delete or an order the server's sentence).
 */
export function useContentChange(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: () => Promise<unknown>) => send(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/**
 * A change made by an add form: `submit(send)` is the form's `onSubmit`, sending its checked values with
 * `send` and emptying the form once the server has them (a failed save keeps what was typed, to retry).
 */
export function useAddChange(refresh: QueryKey) {
  const change = useContentChange(refresh);
  function submit<Values>(send: (values: Values) => Promise<unknown>) {
    return (values: Values, form: { reset: () => void }) =>
      change.mutate(() => send(values), { onSuccess: () => form.reset() });
  }
  return { change, submit };
}

/** The ids in a new order: the item at `index` swapped with its neighbour. */
export function moved(ids: string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
