import type { QueryKey } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { z } from '@portal/shared/schemas/zod';
import * as calls from '@portal/shared/calls/lectures';
import {
  lessonCreateSchema,
  lessonEditSchema,
  sectionCreateSchema,
  sectionEditSchema,
  topicEditSchema,
  type StaffLesson,
  type StaffSection,
  type StaffTopic,
} from '@portal/shared/schemas/staff-content';
import { messages } from '@portal/shared/messages';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import {
  chosenScope,
  contentKeys,
  useAddChange,
  useContentChange,
  useLessonTree,
  type ChosenScope,
} from '@/console/features/content/api/content';
import { useT } from '@/console/i18n';
import { staffCall } from '@/console/lib/staff-client';
import { ItemActions } from '@/console/features/content/components/content-actions';
import { ScopeForm, useScope } from '@/console/features/content/components/scope-form';
import { TopicVideoFields, useTopicVideo } from '@/console/features/content/components/topic-video';
import { formatBytes } from '@/console/features/content/components/video-upload';

/** A new section's title; its course, batch number and quarter are the page's. */
const sectionAddSchema = z.pick(sectionCreateSchema, { title: true });
/** A new lesson's own fields; its section is the one it is added to. */
const lessonAddSchema = z.omit(lessonCreateSchema, { sectionId: true });
const topicShape = topicEditSchema.shape;
/**
 * A topic's own text, from the shared topic's fields (`.pick()` refuses its one-video refinement): the video
 * is chosen beside it, and the page sends exactly one.
 */
const topicTextSchema = z.object({ title: topicShape.title, description: topicShape.description });
/** An edited topic: an empty address keeps the video it plays. */
const topicEditFormSchema = z.extend(topicTextSchema, {
  videoURL: z.union([z.literal(''), topicShape.videoURL.def.innerType]),
});

type Fields<Schema extends z.ZodMiniType<FieldValues, FieldValues>> = EntityField<
  z.input<Schema>,
  z.output<Schema>
>[];

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
      {tree.isError ? <QueryFailure query={tree} networkMessage={messages.serverError} /> : null}
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

/** A section's field, the same when adding and editing. */
function sectionFields(t: ReturnType<typeof useT>): Fields<typeof sectionEditSchema> {
  return [{ name: 'title', label: t('content.lessons.sectionTitle'), kind: 'text' }];
}

/** A lesson's fields; `hint` says what HTML its description keeps. */
function lessonFields(t: ReturnType<typeof useT>, hint?: string): Fields<typeof lessonEditSchema> {
  return [
    { name: 'title', label: t('content.lessons.lessonTitle'), kind: 'text' },
    { name: 'description', label: t('content.lessons.lessonDescription'), kind: 'textarea', rows: 3, hint },
  ];
}

/** A topic's title and description, typed where used: the add and the edit forms hold different others. */
function topicFields(t: ReturnType<typeof useT>) {
  return [
    { name: 'title', label: t('content.lessons.topicTitle'), kind: 'text' },
    { name: 'description', label: t('content.lessons.topicDescription'), kind: 'textarea', rows: 3 },
  ] as const;
}

function AddSection({ scope, refresh }: { scope: ChosenScope; refresh: QueryKey }) {
  const t = useT();
  const { change, submit } = useAddChange(refresh);
  return (
    <EntityForm
      label={t('content.lessons.addSectionLabel')}
      className="console-section filter-bar"
      schema={sectionAddSchema}
      fields={sectionFields(t)}
      defaultValues={{ title: '' }}
      submitLabel={t('content.lessons.addSection')}
      save={change}
      onSubmit={submit((values) => staffCall(calls.createSection, { body: { ...scope, ...values } }))}
    />
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
          edit={{
            schema: sectionEditSchema,
            fields: sectionFields(t),
            defaultValues: { title: section.title },
            save: (body) => staffCall(calls.editSection, { params: { id: section._id }, body }),
          }}
          remove={(dropProgress) =>
            staffCall(calls.deleteSection, { params: { id: section._id }, body: { dropProgress } })
          }
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

function AddLesson(props: { sectionId: string; sectionTitle: string; refresh: QueryKey }) {
  const t = useT();
  const { change, submit } = useAddChange(props.refresh);
  return (
    <>
      <h3>{t('content.lessons.addLessonHeading')}</h3>
      <EntityForm
        label={t('content.lessons.addLessonTo', { title: props.sectionTitle })}
        className="stack"
        schema={lessonAddSchema}
        fields={lessonFields(t, t('content.lessons.htmlHint'))}
        defaultValues={{ title: '', description: '' }}
        submitLabel={t('content.lessons.addLesson')}
        save={change}
        onSubmit={submit((values) =>
          staffCall(calls.createLesson, { body: { sectionId: props.sectionId, ...values } }),
        )}
      />
    </>
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
          edit={{
            schema: lessonEditSchema,
            fields: lessonFields(t),
            defaultValues: { title: lesson.title, description: lesson.description },
            save: (body) => staffCall(calls.editLesson, { params: { id: lesson._id }, body }),
          }}
          remove={(dropProgress) =>
            staffCall(calls.deleteLesson, { params: { id: lesson._id }, body: { dropProgress } })
          }
        />
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

/** The video an edited topic plays: the address typed, else the uploaded video or the address it had. */
function videoOf(topic: StaffTopic, videoURL: string) {
  if (videoURL !== '') return { videoURL };
  return topic.video ? { videoId: topic.video._id } : { videoURL: topic.videoURL };
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
  const address = t('content.lessons.videoAddress');
  const keep = topic.video ? t('content.lessons.keepUploaded') : undefined;
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
        edit={{
          schema: topicEditFormSchema,
          fields: [...topicFields(t), { name: 'videoURL', label: address, kind: 'text', hint: keep }],
          defaultValues: {
            title: topic.title,
            description: topic.description,
            videoURL: topic.video ? '' : topic.videoURL,
          },
          save: ({ videoURL, ...text }) =>
            staffCall(calls.editTopic, {
              params: { id: topic._id },
              body: { ...text, ...videoOf(topic, videoURL) },
            }),
        }}
        remove={(dropProgress) =>
          staffCall(calls.deleteTopic, { params: { id: topic._id }, body: { dropProgress } })
        }
      />
    </li>
  );
}

/** A new topic plays an uploaded video (upload first, then add) or a video address. */
function AddTopic(props: { lessonId: string; lessonTitle: string; refresh: QueryKey }) {
  const { lessonId } = props;
  const t = useT();
  const change = useContentChange(props.refresh);
  const video = useTopicVideo();
  return (
    <div className="stack console-section">
      <h4>{t('content.lessons.addTopicHeading')}</h4>
      <EntityForm
        label={t('content.lessons.addTopicTo', { title: props.lessonTitle })}
        className="stack"
        schema={topicTextSchema}
        fields={topicFields(t)}
        defaultValues={{ title: '', description: '' }}
        submitLabel={t('content.lessons.addTopic')}
        save={change}
        submitDisabled={video.waiting !== null}
        actions={video.waiting ? <span className="field__hint">{video.waiting}</span> : null}
        onSubmit={(values, form) => {
          const chosen = video.chosen();
          if (!chosen) return;
          change.mutate(() => staffCall(calls.createTopic, { body: { lessonId, ...values, ...chosen } }), {
            onSuccess: () => {
              form.reset();
              video.clear();
            },
          });
        }}
      >
        <TopicVideoFields lessonId={lessonId} lessonTitle={props.lessonTitle} video={video} />
      </EntityForm>
    </div>
  );
}
