import { messages } from '@portal/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, makeStudent, ok, renderApp } from '@test/render-app';
import { lectureApi, topic, topics } from './fixtures';

const student = makeStudent();
const lessonPath = '/onlinecourses/AIC/section-1/lesson/lesson-1';

describe('/onlinecourses/:code/:lesson/lesson/:id', () => {
  it('opens, in place of the lesson entry, the first topic not watched to the end', async () => {
    const { router } = renderApp(lessonPath, {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () =>
          ok({
            success: true,
            message: 'ok',
            data: topics().map((entry) => (entry._id === 'topic-1' ? { ...entry, completed: true } : entry)),
          }),
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${lessonPath}/topic/topic-2`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Naming variables' })).toBeInTheDocument();
  });

  it('opens the first topic when all are watched', async () => {
    const { router } = renderApp(lessonPath, {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () =>
          ok({
            success: true,
            message: 'ok',
            data: [topic({ completed: true }), topic({ _id: 'topic-2', sequence: 2, completed: true })],
          }),
      }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${lessonPath}/topic/topic-1`));
  });

  it('says the lesson has no data, with Go Back to the section, when it has no topics', async () => {
    renderApp(lessonPath, {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () => ok({ success: true, message: 'ok', data: [] }),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.lessonEmpty);
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute(
      'href',
      '/onlinecourses/AIC/section-1',
    );
  });

  it("shows the server's refusal of a lesson that is not the student's", async () => {
    renderApp(lessonPath, {
      student,
      api: lectureApi({
        '/studentapi/allowedcontent/getlessontopics': () => fail(403, messages.noSuchLesson),
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noSuchLesson);
    expect(screen.getByRole('link', { name: 'Go Back' })).toBeInTheDocument();
  });
});
