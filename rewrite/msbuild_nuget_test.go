package rewrite

import "testing"

// TestMSBuildPackageAndExtensionImports (red team 14/15 leftover "NuGet
// targets"): a build also runs the <Exec> tasks of the files MSBuild
// imports beyond the project's own — the build/, buildTransitive/ and
// buildMultiTargeting/ .props and .targets of each package a
// <PackageReference> names, in the global packages folder
// (~/.nuget/packages/ID/VERSION, $NUGET_PACKAGES), the project
// extensions obj/PROJECT.*.targets and .props, and a solution's
// before.SLN.targets / after.SLN.targets.
func TestMSBuildPackageAndExtensionImports(t *testing.T) {
	t.Parallel()
	evil := `<Project><Target Name="E" BeforeTargets="Build"><Exec Command="rm -rf ~" /></Target></Project>`
	ok := `<Project><Target Name="E" BeforeTargets="Build"><Exec Command="echo built" /></Target></Project>`
	cfg := scratchProject(t, map[string]string{
		"proj/pkg/app.csproj":                                            `<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Evil.Tasks" Version="1.0.0" /></ItemGroup></Project>`,
		"proj/trans/app.csproj":                                          `<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Evil.Tasks"><Version>1.0.0</Version></PackageReference></ItemGroup></Project>`,
		"proj/float/app.csproj":                                          `<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="evil.tasks" Version="1.*" /></ItemGroup></Project>`,
		"proj/central/app.csproj":                                        `<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Evil.Tasks" /></ItemGroup></Project>`,
		"proj/ext/app.csproj":                                            `<Project Sdk="Microsoft.NET.Sdk"></Project>`,
		"proj/ext/obj/app.csproj.nuget.g.targets":                        evil,
		"proj/sln/x.sln":                                                 "Microsoft Visual Studio Solution File\n",
		"proj/sln/after.x.sln.targets":                                   evil,
		"proj/good/app.csproj":                                           `<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Good.Lib" Version="2.0.0" /></ItemGroup></Project>`,
		"proj/good/obj/app.csproj.nuget.g.props":                         ok,
		"proj/other/app.csproj":                                          `<Project Sdk="Microsoft.NET.Sdk"></Project>`,
		"proj/other/obj/other.csproj.nuget.g.targets":                    evil,
		"home/.nuget/packages/evil.tasks/1.0.0/build/Evil.Tasks.targets": evil,
		"home/.nuget/packages/evil.tasks/1.0.0/buildTransitive/net8.0/Evil.Tasks.props": evil,
		"home/.nuget/packages/good.lib/2.0.0/build/Good.Lib.targets":                    ok,
		"home/.nuget/packages/good.lib/2.0.0/lib/net8.0/evil.targets":                   evil,
		"nuget/evil.tasks/1.0.0/build/Evil.Tasks.targets":                               evil,
	})
	root := cfg.Project
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cd pkg && dotnet build`, "deny"},
		{`cd pkg && dotnet restore`, "deny"},
		{`dotnet build pkg/app.csproj`, "deny"},
		{`cd trans && dotnet test`, "deny"},
		{`cd float && dotnet build`, "deny"},
		{`cd central && dotnet build`, "deny"},
		{`cd ext && dotnet build`, "deny"},
		{`cd ext && msbuild app.csproj`, "deny"},
		{`cd sln && dotnet build x.sln`, "deny"},
		{`cd pkg && NUGET_PACKAGES=` + root + `/../nuget dotnet build`, "deny"},
		{`cd pkg && NUGET_PACKAGES=` + root + `/../none dotnet build`, "allow"},
		// Look-alikes: a package whose build files run nothing risky (its
		// lib/ folder is not imported), another project's extensions.
		{`cd good && dotnet build`, "allow"},
		{`cd other && dotnet build`, "allow"},
	})
}
