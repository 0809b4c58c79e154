import type { QueryKey } from '@tanstack/react-query';
import { z } from '@portal/shared/schemas/zod';
import { COURSE_LINK_KINDS } from '@portal/shared/constants/learning';
import * as calls from '@portal/shared/calls/lectures';
import { courseLinkSetSchema, type StaffCourseLink } from '@portal/shared/schemas/staff-content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FailurePanel } from '@/components/ui/failure-panel';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { optionsOf } from '@/console/components/filter-bar';
import { ListTable, type Column } from '@/console/components/list-table';
import {
  contentKeys,
  linkScope,
  useContentChange,
  useCourseLinks,
  type LinkScope,
} from '@/console/features/content/api/content';
import { useChangeFailure } from '@/console/features/content/components/content-actions';
import { useT } from '@/console/i18n';
import { staffCall } from '@/console/lib/staff-client';
import { ScopeForm, useScope } from '@/console/features/content/components/scope-form';

/** A link's own fields; its course, batch number and quarter are the page's. */
const linkSchema = z.pick(courseLinkSetSchema, { kind: true, title: true, url: true });
type Fields = z.input<typeof linkSchema>;
const blank: Fields = { kind: 'syllabus', title: '', url: '' };

/** Content → Course links: the links of a course, batch number and quarter (or every quarter). */
export function LinksRoute() {
  const t = useT();
  const failure = useChangeFailure();
  const { scope, setScope, key } = useScope();
  const links = useCourseLinks(scope);
  const refresh = contentKeys.links(scope);
  const change = useContentChange(refresh);
  const chosen = linkScope(scope);
  return (
    <div className="stack">
      <h1>{t('content.links.title')}</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} quarterOptional />
      {links.isError ? (
        <FailurePanel error={links.error} retrying={links.isFetching} onRetry={() => void links.refetch()} />
      ) : null}
      {links.data && chosen ? (
        <>
          <SetLinkForm scope={chosen} refresh={refresh} />
          {change.isError ? <Alert tone="error">{failure(change.error)}</Alert> : null}
          <ListTable
            label={t('content.links.title')}
            caption={t('content.links.caption')}
            rows={links.data.data}
            rowKey={(link) => link.kind}
            columns={linkColumns(t, (link) =>
              change.mutate(() =>
                staffCall(calls.deleteCourseLink, { body: { ...chosen, kind: link.kind } }),
              ),
            )}
          />
          {links.data.data.length === 0 ? <p>{t('content.links.empty')}</p> : null}
        </>
      ) : null}
    </div>
  );
}

/** Sets the scope's link of a kind (replacing the one it had); the form keeps what was sent. */
function SetLinkForm({ scope, refresh }: { scope: LinkScope; refresh: QueryKey }) {
  const t = useT();
  const change = useContentChange(refresh);
  const fields: EntityField<Fields, z.output<typeof linkSchema>>[] = [
    { name: 'kind', label: t('content.links.kind'), kind: 'select', options: optionsOf(COURSE_LINK_KINDS) },
    { name: 'title', label: t('content.links.linkTitle'), kind: 'text' },
    { name: 'url', label: t('content.links.address'), kind: 'text' },
  ];
  return (
    <EntityForm
      label={t('content.links.setLabel')}
      className="console-section filter-bar"
      schema={linkSchema}
      fields={fields}
      defaultValues={blank}
      submitLabel={t('content.links.save')}
      save={change}
      onSubmit={(values) =>
        change.mutate(() => staffCall(calls.setCourseLink, { body: { ...scope, ...values } }))
      }
    />
  );
}

/** The course links' columns; the last one deletes a link with `remove`. */
function linkColumns(
  t: ReturnType<typeof useT>,
  remove: (link: StaffCourseLink) => void,
): Column<StaffCourseLink>[] {
  return [
    { key: 'kind', header: t('content.links.kind'), cell: (link) => link.kind },
    { key: 'title', header: t('content.links.titleColumn'), cell: (link) => link.title },
    { key: 'address', header: t('content.links.address'), cell: (link) => link.url },
    {
      key: 'actions',
      header: t('content.actions.actions'),
      headerHidden: true,
      cell: (link) => (
        <Button variant="danger" onClick={() => remove(link)}>
          {t('content.links.delete', { kind: link.kind })}
        </Button>
      ),
    },
  ];
}
