import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import {
  courseLinksAnswerSchema,
  createdAnswerSchema,
  examKeysAnswerSchema,
  lessonTreeAnswerSchema,
  textbooksAnswerSchema,
} from '@portal/shared/schemas/staff-content';
import { staffGet, staffPost, withQuery } from '@/console/lib/staff-client';

/*
 * The console's calls of /staffapi/content (docs/api.md, decision 0024). Reads are queries keyed by their
 * scope; every change is a mutation that refreshes the list it changed.
 */

export interface Scope {
  course: string;
  batchNumber: string;
  quarter: string;
}

export const contentKeys = {
  lessons: (scope: Scope) => ['staff', 'content', 'lessons', scope] as const,
  links: (scope: Scope) => ['staff', 'content', 'links', scope] as const,
  textbooks: (scope: Scope) => ['staff', 'content', 'textbooks', scope] as const,
  examKeys: (batchId: string, course: string) => ['staff', 'content', 'exam-keys', batchId, course] as const,
};

const ready = (scope: Scope) => scope.course !== '' && scope.batchNumber !== '' && scope.quarter !== '';

export function useLessonTree(scope: Scope) {
  return useQuery({
    queryKey: contentKeys.lessons(scope),
    queryFn: ({ signal }) =>
      staffGet(withQuery('/staffapi/content/lessons', { ...scope }), lessonTreeAnswerSchema, { signal }),
    enabled: ready(scope),
  });
}

export function useCourseLinks(scope: Scope) {
  return useQuery({
    queryKey: contentKeys.links(scope),
    queryFn: ({ signal }) =>
      staffGet(withQuery('/staffapi/content/links', { ...scope }), courseLinksAnswerSchema, { signal }),
    enabled: scope.course !== '' && scope.batchNumber !== '',
  });
}

export function useTextbooks(scope: Scope) {
  return useQuery({
    queryKey: contentKeys.textbooks(scope),
    queryFn: ({ signal }) =>
      staffGet(withQuery('/staffapi/content/textbooks', { ...scope }), textbooksAnswerSchema, { signal }),
    enabled: ready(scope),
  });
}

export function useExamKeys(batchId: string, course: string) {
  return useQuery({
    queryKey: contentKeys.examKeys(batchId, course),
    queryFn: ({ signal }) =>
      staffGet(withQuery('/staffapi/content/exam-keys', { batchId, course }), examKeysAnswerSchema, {
        signal,
      }),
    enabled: batchId !== '' && course !== '',
  });
}

/** A change (POST with a JSON body) that refreshes `refresh` when it succeeds. */
export function useContentChange(refresh: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) =>
      staffPost(path, body, changeAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }),
  });
}

/** Creations answer the new id; edits, deletes and orders answer a message. */
const changeAnswerSchema = z.union([createdAnswerSchema, staffOkAnswerSchema]);

/** The ids in a new order: the item at `index` swapped with its neighbour. */
export function moved(ids: string[], index: number, by: -1 | 1): string[] {
  const next = [...ids];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
