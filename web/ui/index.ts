// The design kit. Import from "." (or "../ui/Button" etc.).
export { ActionLines } from "./transcript/ActionLines";
export { Alert, type AlertTone } from "./Alert";
export { Badge, type BadgeTone } from "./Badge";
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from "./Button";
export { Card, CardBody, CardHeader } from "./Card";
export { cx } from "./cx";
export { EmptyState } from "./EmptyState";
export { LoadingBlock, RetryAlert } from "./LoadStates";
export { Logo } from "./Logo";
export { FOLLOW_SLACK_PX, isNearBottom, useFollowBottom } from "../lib/followBottom";
export { Field, TextArea, TextInput, controlClasses, type ControlProps } from "./Field";
export { Modal, type ModalProps } from "./Modal";
export { SafetyBadge, safetyAlertLabel } from "./safety/SafetyBadge";
export { Select, type SelectOption } from "./Select";
export { Spinner } from "./Spinner";
export { TabPanel, Tabs, tabId, tabPanelId, usePanelHidden, type TabItem } from "./Tabs";
