import type { Notice } from "../notices";
import { TwoFactorSection, type TwoFactorSetupData } from "../sign-in/two-factor-screens";
import { type ProfileInfo, ProfileView } from "./profile-view";

/** An account's own page: its details and password, and its two-factor sign-in (profile-page.server.ts). */
export function ProfilePage({
  loaderData,
  actionData,
  page,
}: {
  /** The page the forms post to. */
  page: string;
  loaderData: {
    profile: ProfileInfo;
    shortName: string;
    twoFactor: { enabled: boolean; required: boolean; asked: boolean };
  };
  actionData: TwoFactorSetupData | { notice: Notice } | undefined;
}) {
  const twoFactorResult = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="grid gap-6">
      <ProfileView
        profile={loaderData.profile}
        notice={!twoFactorResult && actionData && "notice" in actionData ? actionData.notice : null}
        shortName={loaderData.shortName}
      />
      <TwoFactorSection {...loaderData.twoFactor} result={twoFactorResult} page={page} />
    </div>
  );
}
