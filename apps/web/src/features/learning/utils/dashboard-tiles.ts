import type { CourseLinkKind } from '@portal/shared/constants/learning';
import type { CourseLinks } from '@portal/shared/schemas/learning';

export type Tile = { key: string; label: string } & ({ to: string } | { href: string });

/**
 * The dashboard's link tiles in the spec's order (section 2): community chat and syllabus (the server sends
 * them only once a voucher is paid), social group, messaging group, Text Books and Exam Details when shown,
 * Announcements, and the course catalogue document.
 */
export function dashboardTiles(course: CourseLinks): Tile[] {
  const external = (kind: CourseLinkKind): Tile[] => {
    const link = course.links[kind];
    // The catalogue requires a title and an address for every link.
    return link ? [{ key: kind, label: link.title, href: link.url }] : [];
  };
  return [
    ...external('communityChat'),
    ...external('syllabus'),
    ...external('socialGroup'),
    ...external('messagingGroup'),
    ...(course.showTextbooks ? [{ key: 'textbooks', label: 'Text Books', to: '/textbooks' }] : []),
    ...(course.showExam ? [{ key: 'exam', label: 'Exam Details', to: '/exam' }] : []),
    { key: 'announcements', label: 'Announcements', to: '/announcements' },
    ...external('courseCatalogue'),
  ];
}
