import { useState, type FormEvent } from 'react';
import { COURSE_LINK_KINDS, type CourseLinkKind } from '@portal/shared/constants/learning';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { optionsOf } from '../../../components/filter-bar';
import { TableScroll } from '../../../components/table-scroll';
import { contentKeys, useContentChange, useCourseLinks } from '../api/content';
import { changeFailure } from '../components/content-actions';
import { ScopeForm, useScope } from '../components/scope-form';

/** Content → Course links: the links of a course, batch number and quarter (or every quarter). */
export function LinksRoute() {
  const { scope, setScope, key } = useScope();
  const links = useCourseLinks(scope);
  const refresh = contentKeys.links(scope);
  const change = useContentChange(refresh);
  const [kind, setKind] = useState<CourseLinkKind>('syllabus');
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ path: '/staffapi/content/links', body: { ...scope, kind, title, url } });
  }
  return (
    <div className="stack">
      <h1>Course links</h1>
      <ScopeForm key={key} scope={scope} onApply={setScope} quarterOptional />
      {links.isError ? (
        <FailurePanel error={links.error} retrying={links.isFetching} onRetry={() => void links.refetch()} />
      ) : null}
      {links.data ? (
        <>
          <form className="console-section filter-bar" aria-label="Set a link" onSubmit={submit}>
            <Select
              label="Kind"
              options={optionsOf(COURSE_LINK_KINDS)}
              value={kind}
              onChange={(event) => setKind(event.target.value as CourseLinkKind)}
            />
            <TextField
              label="Link title"
              required
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
            <TextField
              label="Address"
              required
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
            <Button type="submit" loading={change.isPending}>
              Save link
            </Button>
          </form>
          {change.isError ? <Alert tone="error">{changeFailure(change.error)}</Alert> : null}
          <TableScroll label="Course links">
            <table className="console-table">
              <caption>Links of this course, batch and quarter</caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Title</th>
                  <th scope="col">Address</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.data.data.map((link) => (
                  <tr key={link.kind}>
                    <td>{link.kind}</td>
                    <td>{link.title}</td>
                    <td>{link.url}</td>
                    <td>
                      <Button
                        variant="danger"
                        onClick={() =>
                          change.mutate({
                            path: '/staffapi/content/links/delete',
                            body: { ...scope, kind: link.kind },
                          })
                        }
                      >
                        Delete {link.kind} link
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {links.data.data.length === 0 ? <p>No links here yet.</p> : null}
        </>
      ) : null}
    </div>
  );
}
