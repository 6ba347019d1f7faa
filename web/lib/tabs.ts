import type { PublicConfig, UserProfile } from "../../protocol/api";

/** What the dashboard shell hands each tab. */
export interface TabProps {
  user: UserProfile;
  config: PublicConfig;
}
