// The landing page's call button/link: the public phone number as a tel: link once the config has
// loaded. Prerendered (no config yet) it is a placeholder that web/landing/staticLanding.ts fills in,
// so a number baked in at build time can never go stale.
import { telHref } from "../config/phone";
import { usePublicConfig } from "../config/PublicConfigProvider";
import { Spinner, cx } from "../ui";
import { PHONE_LINK_ATTR, PHONE_LOADING, PHONE_TEXT_ATTR, PHONE_UNAVAILABLE, phoneLinkLabel } from "./staticLanding";

export function PhoneLink({ className, large = false }: { className?: string; large?: boolean }) {
  const config = usePublicConfig();
  const phone = config.status === "ready" ? config.config.phoneNumber : null;
  return (
    <a
      {...{ [PHONE_LINK_ATTR]: "" }}
      href={phone ? telHref(phone) : undefined}
      aria-label={phone ? phoneLinkLabel(phone) : undefined}
      aria-busy={config.status === "loading" ? true : undefined}
      className={cx("group", className)}
    >
      <span className="hidden group-aria-busy:inline-flex">
        <Spinner size="sm" />
      </span>
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={cx("group-aria-busy:hidden", large ? "size-5" : "size-4")}>
        <path fillRule="evenodd" clipRule="evenodd" d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.15a1.5 1.5 0 0 1 1.46 1.14l.72 2.88a1.5 1.5 0 0 1-.54 1.55l-.96.72a.5.5 0 0 0-.16.57 9.04 9.04 0 0 0 5 5 .5.5 0 0 0 .57-.16l.72-.96a1.5 1.5 0 0 1 1.55-.54l2.88.72A1.5 1.5 0 0 1 18 15.35v1.15a1.5 1.5 0 0 1-1.5 1.5H15C8.1 18 2 11.9 2 5V3.5Z" />
      </svg>
      <span {...{ [PHONE_TEXT_ATTR]: "" }}>{phone ?? (config.status === "error" ? PHONE_UNAVAILABLE : PHONE_LOADING)}</span>
    </a>
  );
}
