package dev.authservice.domain.notice;

import dev.authservice.domain.user.UserAccount;

/**
 * A change to how a user signs in, or to where the account's mail goes, that the user is told of by mail: what the
 * notice's subject and first line say, and what to do when the user did not make it.
 */
public enum CredentialChange {

    PASSWORD_CHANGED("Your password was changed", "The password of your account %s was changed.",
            "someone else knows your password. Contact your administrator at once: they can disable the account"
                    + " and end every session of it."),
    TOTP_TURNED_ON("An authenticator app was turned on", "An authenticator app (TOTP) was turned on as the second"
            + " factor of your account %s.",
            "whoever did this knows your password and holds the app. Sign in, turn the authenticator app off and"
                    + " change your password; if you cannot sign in, contact your administrator."),
    TOTP_TURNED_OFF("Your authenticator app was turned off", "The authenticator app (TOTP) of your account %s was"
            + " turned off: a password alone now signs in.",
            "sign in, change your password and turn an authenticator app on again."),
    RECOVERY_CODES_RENEWED("New recovery codes were made", "New recovery codes were made for your account %s; the"
            + " earlier ones no longer work.",
            "whoever made them holds them. Sign in, change your password and make new recovery codes."),
    PASSKEY_ADDED("A passkey was added", "A passkey was added to your account %s.",
            "sign in, remove the passkey you do not know from your passkeys and change your password."),
    PASSKEY_REMOVED("A passkey was removed", "A passkey was removed from your account %s.",
            "sign in, look over your passkeys and change your password."),
    IDENTITY_LINKED("An identity provider was linked", "An account at an identity provider was linked to your"
            + " account %s: it now signs in without the password.",
            "whoever did this holds that provider's account. Sign in, unlink the identity you do not know from your"
                    + " profile and change your password."),
    IDENTITY_UNLINKED("An identity provider was unlinked", "An account at an identity provider was unlinked from"
            + " your account %s: it no longer signs in.",
            "sign in, look over your linked identities and change your password."),
    EMAIL_ADDRESS_CHANGED("Your email address was changed", "The email address of your account %s was changed:"
            + " this address no longer gets its mail.",
            "sign in, set your address back and change your password; if you cannot sign in, contact your"
                    + " administrator."),
    EMAIL_ADDRESS_REMOVED("Your email address was removed", "The email address of your account %s was removed:"
            + " this address no longer gets its mail.",
            "sign in, set your address again and change your password; if you cannot sign in, contact your"
                    + " administrator."),
    SECOND_FACTORS_RESET("Your second factors were reset", "The second factors of your account %s were reset:"
            + " its authenticator app and recovery codes no longer work, and every session of it ended.", null),
    ACCOUNT_DISABLED("Your account was disabled", "Your account %s was disabled: it cannot sign in, and every"
            + " session of it ended.", null);

    private final String subject;
    private final String sentence;
    private final String adviceToTheUser;

    CredentialChange(String subject, String sentence, String adviceToTheUser) {
        this.subject = subject;
        this.sentence = sentence;
        this.adviceToTheUser = adviceToTheUser;
    }

    public String subject() {
        return subject;
    }

    /** What changed, in one sentence that names the account. */
    String sentenceAbout(String username) {
        return String.format(sentence, username);
    }

    /** Whether the change is news to the account as it was before it: disabling a disabled account is not. */
    public boolean isNewsTo(UserAccount before) {
        return this != ACCOUNT_DISABLED || before.enabled();
    }

    /** Whether only an administrator makes this change: a user has no way to. */
    public boolean byAdministratorOnly() {
        return adviceToTheUser == null;
    }

    /** What to do when the user did not make the change themselves; null when only an administrator makes it. */
    String adviceToTheUser() {
        return adviceToTheUser;
    }
}
