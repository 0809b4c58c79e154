import { formatMessage, messages } from '@portal/shared/messages';
import type { LessonTopic } from '@portal/shared/schemas/learning';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStudent, ok, renderApp } from '@test/render-app';
import { lectureApi, lectureRequests, topic, topics } from './fixtures';

const student = makeStudent();
const lessonPath = '/onlinecourses/AIC/section-1/lesson/lesson-1';
const topicPath = (id: string) => `${lessonPath}/topic/${id}`;

afterEach(() => {
  vi.useRealTimers();
});

function renderTopic(id: string, lesson: LessonTopic[] = topics()) {
  return renderApp(topicPath(id), {
    student,
    api: lectureApi({
      '/studentapi/allowedcontent/getlessontopics': () => ok({ success: true, message: 'ok', data: lesson }),
    }),
    // user-event waits between actions; under fake timers it has to move them on.
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
}

/** The player of the topic titled `title`; happy-dom does not play, so its duration is set by hand. */
async function player(title: string, duration = 120) {
  const video = await screen.findByLabelText<HTMLVideoElement>(title);
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  return video;
}

function completed(seconds: number) {
  return formatMessage(messages.videoCompleted, { seconds });
}

async function tick() {
  await act(() => vi.advanceTimersByTimeAsync(1000));
}

describe('/onlinecourses/:code/:lesson/lesson/:id/topic/:videoId', () => {
  it('shows the topics, the video, the description, Previous, Next and Go Back', async () => {
    const lesson = topics().map((entry) => (entry._id === 'topic-1' ? { ...entry, completed: true } : entry));
    const { user, router } = renderTopic('topic-2', lesson);
    expect(await screen.findByRole('heading', { level: 1, name: 'Naming variables' })).toBeInTheDocument();

    const nav = within(screen.getByRole('navigation', { name: 'Topics' }));
    const links = nav.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'What is a variableWatched',
      'Naming variables',
      'Constants',
    ]);
    expect(links[1]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).not.toHaveAttribute('aria-current');
    expect(links[2]).toHaveAttribute('href', topicPath('topic-3'));

    const video = await player('Naming variables');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'https://videos.example.org/topic-2.mp4');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(screen.getByText('A name for a value').tagName).toBe('P');
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute(
      'href',
      '/onlinecourses/AIC/section-1',
    );

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(topicPath('topic-1')));
    expect(await screen.findByRole('heading', { level: 1, name: 'What is a variable' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('Next on the last topic opens the first', async () => {
    const { user, router } = renderTopic('topic-3');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(topicPath('topic-1')));
  });

  it('says there is no such video, with Go Back, for a topic not in the lesson', async () => {
    renderTopic('no-such-topic');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noSuchVideo);
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute(
      'href',
      '/onlinecourses/AIC/section-1',
    );
    expect(screen.queryByRole('navigation', { name: 'Topics' })).not.toBeInTheDocument();
  });

  it('resumes where the student stopped', async () => {
    renderTopic('topic-1', [topic({ resumeAt: 75 })]);
    const video = await player('What is a variable', 300);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(75);
    expect(screen.getByText('Resumed at 1:15')).toBeInTheDocument();
  });

  it('starts from the beginning when the stop was at the very end', async () => {
    renderTopic('topic-1', [topic({ resumeAt: 299, completed: true })]);
    const video = await player('What is a variable', 300);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
    expect(screen.queryByText(/Resumed at/)).not.toBeInTheDocument();
  });

  it('counts down from 5 s after the video ends, then opens the next topic', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderTopic('topic-1');
    const video = await player('What is a variable');
    fireEvent.play(video);
    fireEvent.ended(video);

    const status = await screen.findByText(completed(5));
    expect(status).toHaveAttribute('aria-live', 'polite');
    for (const seconds of [4, 3, 2, 1]) {
      await tick();
      expect(status).toHaveTextContent(completed(seconds));
    }
    expect(router.state.location.pathname).toBe(topicPath('topic-1'));
    await tick();
    await waitFor(() => expect(router.state.location.pathname).toBe(topicPath('topic-2')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Naming variables' })).toBeInTheDocument();
    expect(screen.queryByText(/Video Completed/)).not.toBeInTheDocument();
  });

  it('after the last topic the countdown opens the first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = renderTopic('topic-3');
    fireEvent.ended(await player('Constants'));
    expect(await screen.findByText(completed(5))).toBeInTheDocument();
    for (let second = 0; second < 5; second += 1) await tick();
    await waitFor(() => expect(router.state.location.pathname).toBe(topicPath('topic-1')));
  });

  it('Cancel stops the countdown; playing again stops it too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = renderTopic('topic-1');
    const video = await player('What is a variable');

    fireEvent.ended(video);
    expect(await screen.findByText(completed(5))).toBeInTheDocument();
    await tick();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/Video Completed/)).not.toBeInTheDocument();
    for (let second = 0; second < 6; second += 1) await tick();
    expect(router.state.location.pathname).toBe(topicPath('topic-1'));

    fireEvent.ended(video);
    expect(await screen.findByText(completed(5))).toBeInTheDocument();
    fireEvent.play(video);
    expect(screen.queryByText(/Video Completed/)).not.toBeInTheDocument();
    for (let second = 0; second < 6; second += 1) await tick();
    expect(router.state.location.pathname).toBe(topicPath('topic-1'));
  });

  it('Play next now opens the next topic at once and starts it', async () => {
    const { user, router } = renderTopic('topic-2');
    fireEvent.ended(await player('Naming variables'));
    await user.click(await screen.findByRole('button', { name: 'Play next now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(topicPath('topic-3')));
    // The next video starts by itself once it can.
    const next = await player('Constants');
    expect(next.paused).toBe(true);
    fireEvent.loadedMetadata(next);
    expect(next.paused).toBe(false);
  });

  it('saves the position on pause, with the session token', async () => {
    const { requests } = renderTopic('topic-1');
    const video = await player('What is a variable');
    fireEvent.play(video);
    video.currentTime = 42;
    fireEvent.pause(video);
    await waitFor(() =>
      expect(lectureRequests(requests, '/studentapi/allowedcontent/videoprogress')).toHaveLength(1),
    );
    const [saved] = lectureRequests(requests, '/studentapi/allowedcontent/videoprogress');
    expect(saved?.body).toEqual({ topicId: 'topic-1', position: 42, completed: false });
    expect(saved?.headers.get('Authorization')).toBe(`Bearer ${student.databaseToken}`);

    // Pausing again at the same place saves nothing new.
    fireEvent.play(video);
    fireEvent.pause(video);
    await act(() => Promise.resolve());
    expect(lectureRequests(requests, '/studentapi/allowedcontent/videoprogress')).toHaveLength(1);
  });

  it('saves the end as completed and marks the topic Watched in the list', async () => {
    const { requests } = renderTopic('topic-1');
    const video = await player('What is a variable', 120);
    fireEvent.play(video);
    video.currentTime = 120;
    fireEvent.ended(video);
    await waitFor(() =>
      expect(lectureRequests(requests, '/studentapi/allowedcontent/videoprogress')).toHaveLength(1),
    );
    expect(lectureRequests(requests, '/studentapi/allowedcontent/videoprogress')[0]?.body).toEqual({
      topicId: 'topic-1',
      position: 120,
      completed: true,
    });
    const nav = within(screen.getByRole('navigation', { name: 'Topics' }));
    expect(await nav.findByRole('link', { name: 'What is a variable Watched' })).toBeInTheDocument();
  });

  it('saves every 10 s while playing and once more when the student leaves the topic', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, requests } = renderTopic('topic-1');
    const video = await player('What is a variable');
    const saves = () =>
      lectureRequests(requests, '/studentapi/allowedcontent/videoprogress').map((request) => request.body);

    fireEvent.play(video);
    video.currentTime = 9;
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(saves()).toEqual([]);
    video.currentTime = 10;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(saves()).toEqual([{ topicId: 'topic-1', position: 10, completed: false }]));

    video.currentTime = 13;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(saves()).toEqual([
        { topicId: 'topic-1', position: 10, completed: false },
        { topicId: 'topic-1', position: 13, completed: false },
      ]),
    );
  });

  it('saves the position when the page is hidden (tab closed or switched away)', async () => {
    const { requests } = renderTopic('topic-1');
    const video = await player('What is a variable');
    fireEvent.play(video);
    video.currentTime = 20;
    fireEvent(window, new Event('pagehide'));
    await waitFor(() =>
      expect(lectureRequests(requests, '/studentapi/allowedcontent/videoprogress')[0]?.body).toEqual({
        topicId: 'topic-1',
        position: 20,
        completed: false,
      }),
    );
  });

  it('saves nothing for a video that was never played', async () => {
    const { user, router, requests } = renderTopic('topic-1');
    await player('What is a variable');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(topicPath('topic-2')));
    expect(lectureRequests(requests, '/studentapi/allowedcontent/videoprogress')).toHaveLength(0);
  });
});
