package dev.authservice.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;
import java.util.List;

/**
 * The dependency rule of the hexagon, for a code base rooted at {@code root}: dependencies point inward
 * (adapters → application → domain), adapters reach the application through its ports only, adapters do not know each
 * other (nor do the persistence packages), and nothing knows the wiring.
 * Parameterised by the root so that the same rules can be shown to fail on a deliberately broken fixture.
 */
final class HexagonRules {

    private final String root;

    HexagonRules(String root) {
        this.root = root;
    }

    List<ArchRule> all() {
        return List.of(domainIsPureJava(), applicationDependsOnDomainOnly(), noFrameworkInTheCore(),
                adaptersDoNotDependOnEachOther(), nothingDependsOnBootstrap(), adaptersDoNotDependOnServices(),
                portsDoNotDependOnServices(), persistencePackagesDoNotDependOnEachOther());
    }

    ArchRule domainIsPureJava() {
        return classes().that().resideInAPackage(root + ".domain..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(root + ".domain..", "java..")
                .because("the domain is plain Java, readable and testable without any framework");
    }

    ArchRule applicationDependsOnDomainOnly() {
        return classes().that().resideInAPackage(root + ".application..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage(root + ".application..", root + ".domain..", "java..")
                .because("use cases know the domain and their own ports, nothing else");
    }

    ArchRule noFrameworkInTheCore() {
        return noClasses().that().resideInAnyPackage(root + ".domain..", root + ".application..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("io.micronaut..", "jakarta..", "javax..", "java.sql..", "com.fasterxml..")
                .because("frameworks, JDBC and JSON belong to adapters");
    }

    ArchRule adaptersDoNotDependOnEachOther() {
        return slices().matching(root + ".adapter.(*).(*)..")
                .should().notDependOnEachOther()
                .because("adapters meet only through the application's ports");
    }

    ArchRule nothingDependsOnBootstrap() {
        return noClasses().that().resideOutsideOfPackage(root + ".bootstrap..")
                .should().dependOnClassesThat().resideInAPackage(root + ".bootstrap..")
                .because("the wiring sees everything and nothing sees the wiring");
    }

    ArchRule adaptersDoNotDependOnServices() {
        return noClasses().that().resideInAPackage(root + ".adapter..")
                .should().dependOnClassesThat().resideInAPackage(root + ".application.service..")
                .because("adapters meet the application through its ports only, so a service can change behind them");
    }

    ArchRule portsDoNotDependOnServices() {
        return noClasses().that().resideInAPackage(root + ".application.port..")
                .should().dependOnClassesThat().resideInAPackage(root + ".application.service..")
                .because("services implement and use the ports; a port naming a service ties the contract to it");
    }

    ArchRule persistencePackagesDoNotDependOnEachOther() {
        return slices().matching(root + ".adapter.out.persistence.(*)..")
                .should().notDependOnEachOther()
                .because("each persistence package owns its tables; what they share lives in adapter.out.persistence");
    }
}
