import { useState, type FormEvent } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { StaffLesson, StaffSection, StaffTopic } from '@portal/shared/schemas/staff-content';
import { messages } from '@portal/shared/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextField } from '../../../../components/ui/text-field';
import { contentKeys, useContentChange, useLessonTree, type Scope } from '../api/content';
import {
  changeFailure,
  DeleteButton,
  EditDialog,
  MoveButtons,
  TextArea,
} from '../components/content-actions';
import { ScopeForm, useScope } from '../components/scope-form';
import { formatBytes, VideoUpload } from '../components/video-upload';

/** Content → Lessons: a quarter's sections → lessons → topics, their order, and lecture video uploads. */
export function LessonsRoute() {
  const { scope, setScope, key } = useScope();
  const tree = useLessonTree(scope);
  const refresh = contentKeys.lessons(scope);
  return (
    <div className="stack">
      <h1>Lessons</h1>
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
      {tree.data ? (
        <>
          <AddSection scope={scope} refresh={refresh} />
          {tree.data.data.length === 0 ? <p>No sections in this quarter yet.</p> : null}
          {tree.data.data.map((section, index, all) => (
            <SectionBlock
              key={section._id}
              section={section}
              index={index}
              ids={all.map((each) => each._id)}
              scope={scope}
              refresh={refresh}
            />
          ))}
        </>
      ) : null}
    </div>
  );
}

function AddSection({ scope, refresh }: { scope: Scope; refresh: QueryKey }) {
  const [title, setTitle] = useState('');
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { path: '/staffapi/content/sections', body: { ...scope, title } },
      { onSuccess: () => setTitle('') },
    );
  }
  return (
    <form className="console-section filter-bar" aria-label="Add a section" onSubmit={submit}>
      <TextField
        label="Section title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Button type="submit" loading={change.isPending}>
        Add section
      </Button>
      {change.isError ? <Alert tone="error">{changeFailure(change.error)}</Alert> : null}
    </form>
  );
}

function SectionBlock(props: {
  section: StaffSection;
  index: number;
  ids: string[];
  scope: Scope;
  refresh: QueryKey;
}) {
  const { section, refresh } = props;
  const [title, setTitle] = useState(section.title);
  return (
    <section className="console-section stack" aria-label={`Section ${section.title}`}>
      <div className="console-row">
        <h2>{section.title}</h2>
        <MoveButtons
          what={`section ${section.title}`}
          ids={props.ids}
          index={props.index}
          path="/staffapi/content/sections/reorder"
          extra={{ ...props.scope }}
          refresh={refresh}
        />
        <EditDialog
          what={`section ${section.title}`}
          refresh={refresh}
          path={`/staffapi/content/sections/${section._id}`}
          body={() => ({ title })}
        >
          <TextField
            label="Section title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </EditDialog>
        <DeleteButton
          what={`section ${section.title}`}
          path={`/staffapi/content/sections/${section._id}/delete`}
          refresh={refresh}
        />
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
  const change = useContentChange(refresh);
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { path: '/staffapi/content/lessons', body: { sectionId, title, description } },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
        },
      },
    );
  }
  return (
    <form className="stack" aria-label={`Add a lesson to ${sectionTitle}`} onSubmit={submit}>
      <h3>Add a lesson</h3>
      <TextField
        label="Lesson title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextArea
        label="Lesson description"
        hint="HTML: paragraphs, lists, bold, links. Anything else is removed."
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="console-row">
        <Button type="submit" loading={change.isPending}>
          Add lesson
        </Button>
      </div>
      {change.isError ? <Alert tone="error">{changeFailure(change.error)}</Alert> : null}
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
  const { lesson, refresh } = props;
  const [title, setTitle] = useState(lesson.title);
  const [description, setDescription] = useState(lesson.description);
  return (
    <section className="console-lesson stack" aria-label={`Lesson ${lesson.title}`}>
      <div className="console-row">
        <h3>{lesson.title}</h3>
        <MoveButtons
          what={`lesson ${lesson.title}`}
          ids={props.ids}
          index={props.index}
          path={`/staffapi/content/sections/${props.sectionId}/lessons/reorder`}
          refresh={refresh}
        />
        <EditDialog
          what={`lesson ${lesson.title}`}
          refresh={refresh}
          path={`/staffapi/content/lessons/${lesson._id}`}
          body={() => ({ title, description })}
        >
          <TextField
            label="Lesson title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <TextArea
            label="Lesson description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </EditDialog>
        <DeleteButton
          what={`lesson ${lesson.title}`}
          path={`/staffapi/content/lessons/${lesson._id}/delete`}
          refresh={refresh}
        />
      </div>
      {lesson.topics.length > 0 ? (
        <ol className="stack" aria-label={`Topics of ${lesson.title}`}>
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
        <p>No topics yet.</p>
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
  const { topic, refresh } = props;
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
      <MoveButtons
        what={`topic ${topic.title}`}
        ids={props.ids}
        index={props.index}
        path={`/staffapi/content/lessons/${props.lessonId}/topics/reorder`}
        refresh={refresh}
      />
      <EditDialog
        what={`topic ${topic.title}`}
        refresh={refresh}
        path={`/staffapi/content/topics/${topic._id}`}
        body={() => ({
          title,
          description,
          ...(videoURL
            ? { videoURL }
            : topic.video
              ? { videoId: topic.video._id }
              : { videoURL: topic.videoURL }),
        })}
      >
        <TextField
          label="Topic title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextArea
          label="Topic description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          label="Video address"
          hint={topic.video ? 'Leave empty to keep the uploaded video' : undefined}
          value={videoURL}
          onChange={(event) => setVideoURL(event.target.value)}
        />
      </EditDialog>
      <DeleteButton
        what={`topic ${topic.title}`}
        path={`/staffapi/content/topics/${topic._id}/delete`}
        refresh={refresh}
      />
    </li>
  );
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
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [source, setSource] = useState<'upload' | 'address'>('upload');
  const [videoURL, setVideoURL] = useState('');
  const [videoId, setVideoId] = useState<string | null>(null);
  const [uploadKey, setUploadKey] = useState(0);
  const change = useContentChange(refresh);
  const missingVideo = source === 'upload' ? videoId === null : videoURL.trim() === '';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingVideo) return;
    const video = source === 'upload' ? { videoId } : { videoURL };
    change.mutate(
      { path: '/staffapi/content/topics', body: { lessonId, title, description, ...video } },
      {
        onSuccess: () => {
          setTitle('');
          setDescription('');
          setVideoURL('');
          setVideoId(null);
          setUploadKey((n) => n + 1);
        },
      },
    );
  }
  return (
    <form className="stack console-section" aria-label={`Add a topic to ${lessonTitle}`} onSubmit={submit}>
      <h4>Add a topic</h4>
      <TextField
        label="Topic title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextArea
        label="Topic description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className="console-row">
        <legend>Video source</legend>
        <label>
          <input
            type="radio"
            name={`source-${lessonId}`}
            checked={source === 'upload'}
            onChange={() => setSource('upload')}
          />{' '}
          Uploaded video
        </label>
        <label>
          <input
            type="radio"
            name={`source-${lessonId}`}
            checked={source === 'address'}
            onChange={() => setSource('address')}
          />{' '}
          Video at an address
        </label>
      </fieldset>
      {source === 'upload' ? (
        <VideoUpload
          key={uploadKey}
          label={`topic of ${lessonTitle}`}
          onUploaded={(video) => setVideoId(video._id)}
        />
      ) : (
        <TextField
          label="Video address"
          hint="https://… or a path on the portal"
          value={videoURL}
          onChange={(event) => setVideoURL(event.target.value)}
        />
      )}
      <div className="console-row">
        <Button type="submit" disabled={missingVideo} loading={change.isPending}>
          Add topic
        </Button>
        {missingVideo ? (
          <span className="field__hint">
            {source === 'upload' ? 'Upload the video first.' : 'Give the video address.'}
          </span>
        ) : null}
      </div>
      {change.isError ? <Alert tone="error">{changeFailure(change.error)}</Alert> : null}
    </form>
  );
}
