package dev.authservice.domain.notice;

import dev.authservice.domain.InvalidValueException;
import dev.authservice.domain.network.ClientAddress;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * A mail that tells a user of a change to how they sign in: what changed, on which account, when (UTC, ISO-8601),
 * from which client address or by an administrator, and what to do if it was not them. Plain text, and no secret:
 * no code, token, password or address beyond the client's. A change of address names neither address: the mailbox
 * it goes to may no longer be the user's. The User-Agent is left out: a client writes what it likes there, so a
 * thief could make it read as the service's own words. An administrator's client address is theirs, not the user's
 * to know.
 *
 * @param from the client the user made the change from; null when it did not say, or for an administrator's change
 */
public record Notice(CredentialChange change, ChangedBy by, Username account, Instant at, ClientAddress from) {

    public Notice {
        Objects.requireNonNull(change, "change");
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(at, "at");
        if (change.byAdministratorOnly() && by != ChangedBy.ADMINISTRATOR) {
            throw new InvalidValueException("by", change + " is made by an administrator only");
        }
        if (by == ChangedBy.ADMINISTRATOR) {
            from = null;
        }
    }

    public String subject() {
        return change.subject();
    }

    public String body() {
        StringBuilder body = new StringBuilder()
                .append(change.sentenceAbout(account.value())).append("\n\n")
                .append("When: ").append(DateTimeFormatter.ISO_INSTANT.format(at.truncatedTo(ChronoUnit.SECONDS)))
                .append('\n');
        if (by == ChangedBy.ADMINISTRATOR) {
            body.append("By: an administrator of the service\n\n")
                    .append("If you did not ask for this: contact your administrator.\n");
        } else {
            body.append("From: ").append(from == null ? "an address the client did not give" : from.value())
                    .append("\n\n")
                    .append("If this was you, there is nothing to do.\n")
                    .append("If this was not you: ").append(change.adviceToTheUser()).append('\n');
        }
        return body.toString();
    }
}
