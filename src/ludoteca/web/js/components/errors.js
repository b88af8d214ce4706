// Errors in words a player can act on: every error code of the API (docs/web-api.md), and a
// server that cannot be reached, has a message in each language saying what happened and what
// to do. Only an illegal action keeps the server's text: it is the engine's reason.

import { has, t } from "../i18n.js";

/** Return the message to show for `error` (an ApiError, or any other thrown value). */
export function errorText(error) {
  const code = error?.code;
  if (code === "illegal_action") return t("error.illegal_action", { reason: error.message });
  return code && has(`error.${code}`) ? t(`error.${code}`) : t("error.unknown");
}
