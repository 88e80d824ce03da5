package dev.authservice.application.federation.service;

import dev.authservice.application.audit.port.out.AuditLog;
import dev.authservice.application.federation.port.out.IdentityLinkStore;
import dev.authservice.application.shared.port.out.RandomSource;
import dev.authservice.application.user.port.out.UserStore;
import dev.authservice.application.user.port.out.UsernameSecurityProfile;
import dev.authservice.domain.audit.AuditOutcome;
import dev.authservice.domain.audit.Requester;
import dev.authservice.domain.audit.SecurityEvent;
import dev.authservice.domain.audit.SecurityEventType;
import dev.authservice.domain.federation.ExternalIdentity;
import dev.authservice.domain.federation.IdentityLink;
import dev.authservice.domain.federation.IdentityLinkId;
import dev.authservice.domain.federation.IdentityProvider;
import dev.authservice.domain.federation.NewAccountNames;
import dev.authservice.domain.federation.ProviderClaims;
import dev.authservice.domain.mail.EmailAddress;
import dev.authservice.domain.user.UserAccount;
import dev.authservice.domain.user.UserId;
import dev.authservice.domain.user.Username;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The first sign-in of an identity no account is linked to, through a provider that signs new users up: a new
 * account without a password ({@link UserAccount#signedUpThrough}), named as {@link NewAccountNames} suggests, with
 * the address the provider verified unless an account holds it (an address never joins an account by itself), and
 * the identity linked to it. The account is added before its link, which needs it: an account whose identity was
 * linked by a sign-in at the same moment is removed again, and that sign-in's account is the one.
 */
public final class ExternalSignUp {

    private final UserStore users;
    private final IdentityLinkStore links;
    private final UsernameSecurityProfile newUsernames;
    private final RandomSource random;
    private final AuditLog audit;

    public ExternalSignUp(UserStore users, IdentityLinkStore links, UsernameSecurityProfile newUsernames,
                          RandomSource random, AuditLog audit) {
        this.users = Objects.requireNonNull(users);
        this.links = Objects.requireNonNull(links);
        this.newUsernames = Objects.requireNonNull(newUsernames);
        this.random = Objects.requireNonNull(random);
        this.audit = Objects.requireNonNull(audit);
    }

    /** The new account; empty when no name was free, or when the identity was linked meanwhile. */
    Optional<UserAccount> signUp(IdentityProvider provider, ExternalIdentity identity, ProviderClaims claims,
                                 Requester requester, Instant now) {
        Optional<EmailAddress> email = claims.verifiedEmail().filter(this::isFree);
        for (Username name : NewAccountNames.candidates(claims, provider.name(), suffixes())) {
            if (newUsernames.problemWith(name).isPresent()) {
                continue;
            }
            UserAccount user = UserAccount.signedUpThrough(new UserId(random.uuid()), name, claims.name(), email, now);
            if (!users.add(user)) {
                // The name is taken, or the address was taken since it was read: the next try goes without it then.
                email = email.filter(this::isFree);
                continue;
            }
            if (!links.add(new IdentityLink(new IdentityLinkId(random.uuid()), user.id(), provider.name(), identity,
                    now))) {
                users.remove(user.id());
                return Optional.empty();
            }
            audit.record(SecurityEvent.of(SecurityEventType.USER_SIGNED_UP, now, requester).about(user.id())
                    .outcome(AuditOutcome.THROUGH_PROVIDER));
            audit.record(SecurityEvent.of(SecurityEventType.IDENTITY_LINKED, now, requester).about(user.id()));
            return Optional.of(user);
        }
        audit.record(SecurityEvent.of(SecurityEventType.SIGN_UP_REFUSED, now, requester)
                .outcome(AuditOutcome.USERNAME_TAKEN));
        return Optional.empty();
    }

    private boolean isFree(EmailAddress address) {
        return users.findByEmail(address).isEmpty();
    }

    private int[] suffixes() {
        byte[] bytes = random.bytes(3 * NewAccountNames.TRIES);
        int[] suffixes = new int[NewAccountNames.TRIES];
        for (int i = 0; i < suffixes.length; i++) {
            int value = (bytes[3 * i] & 0xff) << 16 | (bytes[3 * i + 1] & 0xff) << 8 | bytes[3 * i + 2] & 0xff;
            suffixes[i] = value % 1_000_000;
        }
        return suffixes;
    }
}
