import { useState, type FormEvent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/lectures';
import type { StaffLesson, StaffSection, StaffTopic } from '@portal/shared/schemas/staff-content';
import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import {
  chosenScope,
  contentKeys,
  useContentChange,
  useLessonTree,
  type ChosenScope,
} from '@/console/features/content/api/content';
import { useT } from '@/console/i18n';
import { staffCall } from '@/console/lib/staff-client';
import {
  ItemActions,
  TextArea,
  useChangeFailure,
} from '@/console/features/content/components/content-actions';
import { ScopeForm, useScope } from '@/console/features/content/components/scope-form';
import { formatBytes, VideoUpload } from '@/console/features/content/components/video-upload';

/** Content → Lessons: a quarter's sections → lessons → topics, their order, and lecture video uploads. */
export function LessonsRoute() {
  const t = useT();
  const { scope, setScope, key } = useScope();
  const tree = useLessonTree(scope);
  const refresh = contentKeys.lessons(scope);
  const chosen = chosenScope(scope);
  return (
    <div className="stack">
      <h1>{t('content.lessons.title')}</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} />
      {tree.isFetching && !tree.data ? <Skeleton lines={5} /> : null}
      {tree.isError ? (
        <FailurePanel
          error={tree.error}
          networkMessage={messages.serverError}
          retrying={tree.isFetching}
          onRetry={() => void tree.refetch()}
        />
      ) : null}
      {tree.data && chosen ? (
        <>
          <AddSection scope={chosen} refresh={refresh} />
          {tree.data.data.length === 0 ? <p>{t('content.lessons.noSections')}</p> : null}
          {tree.data.data.map((section, index, all) => (
            <SectionBlock
              key={section._id}
              section={section}
              index={index}
              ids={all.map((each) => each._id)}
              scope={chosen}
              refresh={refresh}
            />
          ))}
        </>
      ) : null}
    </div>
  );
}

function AddSection({ scope, refresh }: { scope: ChosenScope; refresh: QueryKey }) {
  const t = useT();
  const failure = useChangeFailure();
  const [title, setTitle] = useState('');
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(() => staffCall(calls.createSection, { body: { ...scope, title } }), {
      onSuccess: () => setTitle(''),
    });
  }
  return (
    <form
      className="console-section filter-bar"
      aria-label={t('content.lessons.addSectionLabel')}
      onSubmit={submit}
    >
      <TextField
        label={t('content.lessons.sectionTitle')}
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Button type="submit" loading={change.isPending}>
        {t('content.lessons.addSection')}
      </Button>
      {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
    </form>
  );
}

function SectionBlock(props: {
  section: StaffSection;
  index: number;
  ids: string[];
  scope: ChosenScope;
  refresh: QueryKey;
}) {
  const t = useT();
  const { section, refresh } = props;
  const [title, setTitle] = useState(section.title);
  const what = t('content.what.section', { title: section.title });
  return (
    <section
      className="console-section stack"
      aria-label={t('content.lessons.sectionLabel', { title: section.title })}
    >
      <div className="console-row">
        <h2>{section.title}</h2>
        <ItemActions
          what={what}
          ids={props.ids}
          index={props.index}
          refresh={refresh}
          order={(ids) => staffCall(calls.reorderSections, { body: { ...props.scope, ids } })}
          save={() => staffCall(calls.editSection, { params: { id: section._id }, body: { title } })}
          remove={(dropProgress) =>
            staffCall(calls.deleteSection, { params: { id: section._id }, body: { dropProgress } })
          }
        >
          <TextField
            label={t('content.lessons.sectionTitle')}
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </ItemActions>
      </div>
      {section.lessons.map((lesson, index, all) => (
        <LessonBlock
          key={lesson._id}
          lesson={lesson}
          index={index}
          ids={all.map((each) => each._id)}
          sectionId={section._id}
          refresh={refresh}
        />
      ))}
      <AddLesson sectionId={section._id} sectionTitle={section.title} refresh={refresh} />
    </section>
  );
}

function AddLesson({
  sectionId,
  sectionTitle,
  refresh,
}: {
  sectionId: string;
  sectionTitle: string;
  refresh: QueryKey;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const t = useT();
  const failure = useChangeFailure();
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(() => staffCall(calls.createLesson, { body: { sectionId, title, description } }), {
      onSuccess: () => {
        setTitle('');
        setDescription('');
      },
    });
  }
  return (
    <form
      className="stack"
      aria-label={t('content.lessons.addLessonTo', { title: sectionTitle })}
      onSubmit={submit}
    >
      <h3>{t('content.lessons.addLessonHeading')}</h3>
      <TextField
        label={t('content.lessons.lessonTitle')}
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextArea
        label={t('content.lessons.lessonDescription')}
        hint={t('content.lessons.htmlHint')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="console-row">
        <Button type="submit" loading={change.isPending}>
          {t('content.lessons.addLesson')}
        </Button>
      </div>
      {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
    </form>
  );
}

function LessonBlock(props: {
  lesson: StaffLesson;
  index: number;
  ids: string[];
  sectionId: string;
  refresh: QueryKey;
}) {
  const t = useT();
  const { lesson, refresh } = props;
  const [title, setTitle] = useState(lesson.title);
  const [description, setDescription] = useState(lesson.description);
  const what = t('content.what.lesson', { title: lesson.title });
  return (
    <section
      className="console-lesson stack"
      aria-label={t('content.lessons.lessonLabel', { title: lesson.title })}
    >
      <div className="console-row">
        <h3>{lesson.title}</h3>
        <ItemActions
          what={what}
          ids={props.ids}
          index={props.index}
          refresh={refresh}
          order={(ids) => staffCall(calls.reorderLessons, { params: { id: props.sectionId }, body: { ids } })}
          save={() =>
            staffCall(calls.editLesson, { params: { id: lesson._id }, body: { title, description } })
          }
          remove={(dropProgress) =>
            staffCall(calls.deleteLesson, { params: { id: lesson._id }, body: { dropProgress } })
          }
        >
          <TextField
            label={t('content.lessons.lessonTitle')}
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <TextArea
            label={t('content.lessons.lessonDescription')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </ItemActions>
      </div>
      {lesson.topics.length > 0 ? (
        <ol className="stack" aria-label={t('content.lessons.topicsOf', { title: lesson.title })}>
          {lesson.topics.map((topic, index, all) => (
            <TopicItem
              key={topic._id}
              topic={topic}
              index={index}
              ids={all.map((each) => each._id)}
              lessonId={lesson._id}
              refresh={refresh}
            />
          ))}
        </ol>
      ) : (
        <p>{t('content.lessons.noTopics')}</p>
      )}
      <AddTopic lessonId={lesson._id} lessonTitle={lesson.title} refresh={refresh} />
    </section>
  );
}

function TopicItem(props: {
  topic: StaffTopic;
  index: number;
  ids: string[];
  lessonId: string;
  refresh: QueryKey;
}) {
  const t = useT();
  const { topic, refresh } = props;
  const what = t('content.what.topic', { title: topic.title });
  const [title, setTitle] = useState(topic.title);
  const [description, setDescription] = useState(topic.description);
  const [videoURL, setVideoURL] = useState(topic.video ? '' : topic.videoURL);
  return (
    <li className="console-row">
      <span>
        <strong>{topic.title}</strong>{' '}
        {topic.video
          ? `(${topic.video.originalName}, ${formatBytes(topic.video.size)})`
          : `(${topic.videoURL})`}
      </span>
      <ItemActions
        what={what}
        ids={props.ids}
        index={props.index}
        refresh={refresh}
        order={(ids) => staffCall(calls.reorderTopics, { params: { id: props.lessonId }, body: { ids } })}
        save={() =>
          staffCall(calls.editTopic, {
            params: { id: topic._id },
            body: {
              title,
              description,
              ...(videoURL
                ? { videoURL }
                : topic.video
                  ? { videoId: topic.video._id }
                  : { videoURL: topic.videoURL }),
            },
          })
        }
        remove={(dropProgress) =>
          staffCall(calls.deleteTopic, { params: { id: topic._id }, body: { dropProgress } })
        }
      >
        <TextField
          label={t('content.lessons.topicTitle')}
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextArea
          label={t('content.lessons.topicDescription')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          label={t('content.lessons.videoAddress')}
          hint={topic.video ? t('content.lessons.keepUploaded') : undefined}
          value={videoURL}
          onChange={(event) => setVideoURL(event.target.value)}
        />
      </ItemActions>
    </li>
  );
}

type VideoSource = 'upload' | 'address';

/** A new topic's fields as typed, and `clear` to empty them (and the upload) once the topic is added. */
function useTopicDraft() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [source, setSource] = useState<VideoSource>('upload');
  const [videoURL, setVideoURL] = useState('');
  const [videoId, setVideoId] = useState<string | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  function clear() {
    setTitle('');
    setDescription('');
    setVideoURL('');
    setVideoId(null);
    setUploadKey((n) => n + 1);
  }
  const missingVideo = source === 'upload' ? videoId === null : videoURL.trim() === '';
  return {
    title,
    setTitle,
    description,
    setDescription,
    source,
    setSource,
    videoURL,
    setVideoURL,
    videoId,
    setVideoId,
    uploadKey,
    missingVideo,
    clear,
  };
}

/** A new topic plays an uploaded video (upload first, then add) or a video address. */
function AddTopic({
  lessonId,
  lessonTitle,
  refresh,
}: {
  lessonId: string;
  lessonTitle: string;
  refresh: QueryKey;
}) {
  const draft = useTopicDraft();
  const { title, description, source, videoURL, videoId, missingVideo } = draft;
  const t = useT();
  const failure = useChangeFailure();
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingVideo) return;
    const video = source === 'upload' && videoId !== null ? { videoId } : { videoURL };
    change.mutate(() => staffCall(calls.createTopic, { body: { lessonId, title, description, ...video } }), {
      onSuccess: () => draft.clear(),
    });
  }
  return (
    <form
      className="stack console-section"
      aria-label={t('content.lessons.addTopicTo', { title: lessonTitle })}
      onSubmit={submit}
    >
      <h4>{t('content.lessons.addTopicHeading')}</h4>
      <TextField
        label={t('content.lessons.topicTitle')}
        required
        value={title}
        onChange={(event) => draft.setTitle(event.target.value)}
      />
      <TextArea
        label={t('content.lessons.topicDescription')}
        value={description}
        onChange={(event) => draft.setDescription(event.target.value)}
      />
      <VideoSourceChoice name={`source-${lessonId}`} source={source} onChoose={draft.setSource} />
      {source === 'upload' ? (
        <VideoUpload
          key={draft.uploadKey}
          label={`topic of ${lessonTitle}`}
          onUploaded={(video) => draft.setVideoId(video._id)}
        />
      ) : (
        <TextField
          label={t('content.lessons.videoAddress')}
          hint={t('content.lessons.videoAddressHint')}
          value={videoURL}
          onChange={(event) => draft.setVideoURL(event.target.value)}
        />
      )}
      <div className="console-row">
        <Button type="submit" disabled={missingVideo} loading={change.isPending}>
          {t('content.lessons.addTopic')}
        </Button>
        {missingVideo ? (
          <span className="field__hint">
            {source === 'upload' ? t('content.lessons.uploadFirst') : t('content.lessons.giveAddress')}
          </span>
        ) : null}
      </div>
      {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
    </form>
  );
}

/** The new topic's video source: an uploaded video or a video at an address (radio buttons named `name`). */
function VideoSourceChoice({
  name,
  source,
  onChoose,
}: {
  name: string;
  source: VideoSource;
  onChoose: (source: VideoSource) => void;
}) {
  const t = useT();
  return (
    <fieldset className="console-row">
      <legend>{t('content.lessons.videoSource')}</legend>
      <label>
        <input type="radio" name={name} checked={source === 'upload'} onChange={() => onChoose('upload')} />{' '}
        {t('content.lessons.uploadedVideo')}
      </label>
      <label>
        <input type="radio" name={name} checked={source === 'address'} onChange={() => onChoose('address')} />{' '}
        {t('content.lessons.videoAtAddress')}
      </label>
    </fieldset>
  );
}
