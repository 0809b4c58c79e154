import type { CourseLinkKind } from '@portal/shared/constants/learning';
import type { CourseLinks } from '@portal/shared/schemas/learning';
import { t } from '@/features/learning/i18n';

export type Tile = { key: string; label: string } & ({ to: string } | { href: string });

/**
 * The dashboard's link tiles in the spec's order (section 2): community chat and syllabus (the server sends
 * them only once a voucher is paid), social group, messaging group, Text Books and Exam Details when shown,
 * Announcements, and the course catalogue document. The portal's own labels are in the language shown now:
 * call it while rendering.
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
    ...(course.showTextbooks
      ? [{ key: 'textbooks', label: t('dashboard.tiles.textbooks'), to: '/textbooks' }]
      : []),
    ...(course.showExam ? [{ key: 'exam', label: t('dashboard.tiles.exam'), to: '/exam' }] : []),
    { key: 'announcements', label: t('dashboard.tiles.announcements'), to: '/announcements' },
    ...external('courseCatalogue'),
  ];
}
