import { describe, expect, it } from 'vitest';
import { profileGateRoute } from './profile-gate';
import { profileGateRoute as fromStudentSchemas } from './schemas/student';

describe('profileGateRoute (spec section 4)', () => {
  it.each([
    { isProfileComplete: false, isDocumentUploaded: false, route: '/profile' },
    { isProfileComplete: false, isDocumentUploaded: true, route: '/profile' },
    { isProfileComplete: true, isDocumentUploaded: false, route: '/doc-upload' },
    { isProfileComplete: true, isDocumentUploaded: true, route: '/courses' },
  ])(
    'sends profile $isProfileComplete / documents $isDocumentUploaded to $route',
    ({ route, ...student }) => {
      expect(profileGateRoute(student)).toBe(route);
    },
  );

  it('is still exported from schemas/student', () => {
    expect(fromStudentSchemas).toBe(profileGateRoute);
  });
});
