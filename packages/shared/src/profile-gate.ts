/**
 * Where the profile gate sends a student after login or on load (spec section 4). Kept apart from the zod
 * schemas so that the sign-in page can use it without loading zod.
 */
export function profileGateRoute(student: { isProfileComplete: boolean; isDocumentUploaded: boolean }) {
  if (!student.isProfileComplete) return '/profile';
  if (!student.isDocumentUploaded) return '/doc-upload';
  return '/courses';
}
