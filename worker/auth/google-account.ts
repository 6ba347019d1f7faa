// Maps a verified Google identity to an Echo account: the account already linked to that Google
// subject; else an existing account with the same (Google-verified) email, which gets linked; else a
// new account with Google's name and photo (§7: users/{uid} set on first Google sign-in if absent).
// An email Google has not verified never creates or links an account: anyone can put an address they
// do not own on a Google account, and it would then own (or squat) that address here.
import type { UserRow } from "../db/users";
import type { Db } from "../db/client";
import { DuplicateUserError, createUser, findUserByEmail, findUserByGoogleSub, linkGoogle } from "../db/users";
import { createStarterEcho } from "../db/echoes";
import { GoogleSignInError, type GoogleIdentity } from "./google";

/** The account, and whether it was linked just now (every session it had then ended: close their sockets). */
export interface GoogleAccount {
  user: UserRow;
  linkedNow: boolean;
}

export async function resolveGoogleUser(database: Db, identity: GoogleIdentity): Promise<GoogleAccount> {
  const linked = await findUserByGoogleSub(database, identity.sub);
  if (linked) return { user: linked, linkedNow: false };
  if (!identity.email) throw new GoogleSignInError("google-no-email", "Your Google account did not share an email address.");
  const existing = await findUserByEmail(database, identity.email);
  if (existing) {
    if (!identity.emailVerified) {
      throw new GoogleSignInError("email-already-in-use", "An account with this email already exists.");
    }
    if (existing.googleSub) {
      // The email's account is linked to a different Google account.
      throw new GoogleSignInError("email-already-in-use", "An account with this email already exists.");
    }
    return { user: await linkGoogle(database, existing, identity.sub, identity.picture), linkedNow: true };
  }
  if (!identity.emailVerified) {
    throw new GoogleSignInError("google-email-unverified", "Your Google account's email address is not verified. Verify it with Google, then try again.");
  }
  try {
    const user = await createUser(database, {
      email: identity.email,
      displayName: identity.name,
      photoURL: identity.picture,
      googleSub: identity.sub,
      emailVerifiedAt: Date.now(), // Google's email_verified (checked above)
    });
    await createStarterEcho(database, user.id);
    return { user, linkedNow: false };
  } catch (err) {
    if (err instanceof DuplicateUserError) {
      // A concurrent first sign-in created it; use that one.
      const again = await findUserByGoogleSub(database, identity.sub);
      if (again) return { user: again, linkedNow: false };
      throw new GoogleSignInError("email-already-in-use", "An account with this email already exists.");
    }
    throw err;
  }
}
