/** A staff command's refusal: printed as it is, exit code 1, nothing changed. */
export class AdminError extends Error {}

export interface AdminRequest {
  command: string;
  args: string[];
  options: Record<string, string | true>;
}
