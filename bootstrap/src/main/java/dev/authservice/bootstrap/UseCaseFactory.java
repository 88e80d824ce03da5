package dev.authservice.bootstrap;

import dev.authservice.application.port.in.AuthenticateUseCase;
import dev.authservice.application.port.in.ChangePasswordUseCase;
import dev.authservice.application.port.in.CheckPublishedCredentialsUseCase;
import dev.authservice.application.port.in.CheckHealthUseCase;
import dev.authservice.application.port.in.PublishTokenKeysUseCase;
import dev.authservice.application.port.in.CreateUserUseCase;
import dev.authservice.application.port.in.DeleteMyOrderUseCase;
import dev.authservice.application.port.in.EndSessionUseCase;
import dev.authservice.application.port.in.GetMyOrderUseCase;
import dev.authservice.application.port.in.GetUserUseCase;
import dev.authservice.application.port.in.ListAuditEventsUseCase;
import dev.authservice.application.port.in.ListMyOrdersUseCase;
import dev.authservice.application.port.in.ListMySessionsUseCase;
import dev.authservice.application.port.in.ListUsersUseCase;
import dev.authservice.application.port.in.LogInUseCase;
import dev.authservice.application.port.in.LogOutUseCase;
import dev.authservice.application.port.in.PlaceOrderUseCase;
import dev.authservice.application.port.in.ProvisionFirstAdministratorUseCase;
import dev.authservice.application.port.in.RefreshAccessTokenUseCase;
import dev.authservice.application.port.in.RevokeUserSessionsUseCase;
import dev.authservice.application.port.in.SetUserEnabledUseCase;
import dev.authservice.application.port.out.AccessTokenCodec;
import dev.authservice.application.port.out.PublicTokenKeys;
import dev.authservice.application.port.out.AuditLog;
import dev.authservice.application.port.out.AuditLogReader;
import dev.authservice.application.port.out.LoginAttemptLog;
import dev.authservice.application.port.out.OrderStore;
import dev.authservice.application.port.out.PasswordHasher;
import dev.authservice.application.port.out.RandomSource;
import dev.authservice.application.port.out.RevokedSessions;
import dev.authservice.application.port.out.SessionStore;
import dev.authservice.application.port.out.StoreHealth;
import dev.authservice.application.port.out.Transactions;
import dev.authservice.application.port.out.UserStore;
import dev.authservice.application.service.AuthenticateService;
import dev.authservice.application.service.ChangePasswordService;
import dev.authservice.application.service.CheckPublishedCredentialsService;
import dev.authservice.application.service.CheckHealthService;
import dev.authservice.application.service.PublishTokenKeysService;
import dev.authservice.application.service.CreateUserService;
import dev.authservice.application.service.DeleteMyOrderService;
import dev.authservice.application.service.EndSessionService;
import dev.authservice.application.service.GetMyOrderService;
import dev.authservice.application.service.GetUserService;
import dev.authservice.application.service.ListAuditEventsService;
import dev.authservice.application.service.ListMyOrdersService;
import dev.authservice.application.service.ListMySessionsService;
import dev.authservice.application.service.ListUsersService;
import dev.authservice.application.service.LogInService;
import dev.authservice.application.service.LogOutService;
import dev.authservice.application.service.PlaceOrderService;
import dev.authservice.application.service.ProvisionFirstAdministratorService;
import dev.authservice.application.service.RefreshAccessTokenService;
import dev.authservice.application.service.RevokeUserSessionsService;
import dev.authservice.application.service.SetUserEnabledService;
import dev.authservice.application.service.TokenIssuer;
import dev.authservice.domain.token.TokenPolicy;
import dev.authservice.domain.user.PasswordPolicy;
import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Wires the hexagon: the application's services are plain classes, built here from the ports the adapters provide
 * and the policies {@link PolicyFactory} reads from the configuration. Adding a use case means adding one method.
 */
@Factory
class UseCaseFactory {

    @Singleton
    TokenIssuer tokenIssuer(AccessTokenCodec codec, RandomSource random, TokenPolicy policy) {
        return new TokenIssuer(codec, random, policy);
    }

    @Singleton
    LogInUseCase logIn(UserStore users, PasswordHasher hasher, LoginAttemptLog attempts, SessionStore sessions,
                       TokenIssuer tokens, TokenPolicy policy, RandomSource random, AuditLog audit, Clock clock) {
        return new LogInService(users, hasher, attempts, sessions, tokens, policy, random, audit, clock);
    }

    @Singleton
    RefreshAccessTokenUseCase refreshAccessToken(SessionStore sessions, Transactions transactions,
                                                 TokenIssuer tokens, TokenPolicy policy, AuditLog audit, Clock clock) {
        return new RefreshAccessTokenService(sessions, transactions, tokens, policy, audit, clock);
    }

    @Singleton
    LogOutUseCase logOut(SessionStore sessions, AuditLog audit, Clock clock) {
        return new LogOutService(sessions, audit, clock);
    }

    @Singleton
    AuthenticateUseCase authenticate(AccessTokenCodec codec, RevokedSessions revokedSessions, TokenPolicy policy,
                                     Clock clock) {
        return new AuthenticateService(codec, revokedSessions, policy, clock);
    }

    @Singleton
    CreateUserUseCase createUser(UserStore users, PasswordHasher hasher, PasswordPolicy passwords, RandomSource random,
                                 AuditLog audit, Clock clock) {
        return new CreateUserService(users, hasher, passwords, random, audit, clock);
    }

    @Singleton
    ProvisionFirstAdministratorUseCase provisionFirstAdministrator(UserStore users, CreateUserUseCase createUser) {
        return new ProvisionFirstAdministratorService(users, createUser);
    }

    @Singleton
    CheckPublishedCredentialsUseCase checkPublishedCredentials(UserStore users, PasswordHasher hasher) {
        return new CheckPublishedCredentialsService(users, hasher);
    }

    @Singleton
    GetUserUseCase getUser(UserStore users) {
        return new GetUserService(users);
    }

    @Singleton
    SetUserEnabledUseCase setUserEnabled(UserStore users, SessionStore sessions, AuditLog audit,
                                         Clock clock) {
        return new SetUserEnabledService(users, sessions, audit, clock);
    }

    @Singleton
    ChangePasswordUseCase changePassword(UserStore users, PasswordHasher hasher, PasswordPolicy passwords,
                                         LoginAttemptLog attempts, SessionStore sessions, AuditLog audit,
                                         Clock clock) {
        return new ChangePasswordService(users, hasher, passwords, attempts, sessions, audit, clock);
    }

    @Singleton
    ListMySessionsUseCase listMySessions(SessionStore sessions, Clock clock) {
        return new ListMySessionsService(sessions, clock);
    }

    @Singleton
    EndSessionUseCase endSession(SessionStore sessions, AuditLog audit, Clock clock) {
        return new EndSessionService(sessions, audit, clock);
    }

    @Singleton
    RevokeUserSessionsUseCase revokeUserSessions(UserStore users, SessionStore sessions, AuditLog audit,
                                                 Clock clock) {
        return new RevokeUserSessionsService(users, sessions, audit, clock);
    }

    @Singleton
    ListMyOrdersUseCase listMyOrders(OrderStore orders) {
        return new ListMyOrdersService(orders);
    }

    @Singleton
    GetMyOrderUseCase getMyOrder(OrderStore orders) {
        return new GetMyOrderService(orders);
    }

    @Singleton
    PlaceOrderUseCase placeOrder(OrderStore orders, RandomSource random, Clock clock) {
        return new PlaceOrderService(orders, random, clock);
    }

    @Singleton
    DeleteMyOrderUseCase deleteMyOrder(OrderStore orders) {
        return new DeleteMyOrderService(orders);
    }

    @Singleton
    ListUsersUseCase listUsers(UserStore users) {
        return new ListUsersService(users);
    }

    @Singleton
    CheckHealthUseCase checkHealth(StoreHealth stores) {
        return new CheckHealthService(stores);
    }

    @Singleton
    PublishTokenKeysUseCase publishTokenKeys(PublicTokenKeys keys, TokenPolicy policy) {
        return new PublishTokenKeysService(keys, policy);
    }

    @Singleton
    ListAuditEventsUseCase listAuditEvents(AuditLogReader events) {
        return new ListAuditEventsService(events);
    }
}
