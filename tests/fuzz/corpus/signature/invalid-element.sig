<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="4" mpi-library="synthetic (compress/synth.c)" tracer="synthetic">
  <arg>synthetic</arg>
  <arg>stencil</arg>
  <arg>-i</arg>
  <arg>6</arg>
 </application>
 <compression threshold="0" max-threshold="0.2" scale="0" ratio="2.56" trace-length="256" signature-length="100"/>
 <sites>
  <site id="0" module="/synthetic/app" offset="4096" function="synthetic"/>
  <site id="1" module="/synthetic/app" offset="4160" function="synthetic"/>
  <site id="2" module="/synthetic/app" offset="4224" function="synthetic"/>
  <site id="3" module="/synthetic/app" offset="4288" function="synthetic"/>
  <site id="4" module="/synthetic/app" offset="4352" function="synthetic"/>
  <site id="5" module="/synthetic/app" offset="4416" function="synthetic"/>
  <site id="6" module="/synthetic/app" offset="4480" function="synthetic"/>
  <site id="7" module="/synthetic/app" offset="4544" function="synthetic"/>
  <site id="8" module="/synthetic/app" offset="4608" function="synthetic"/>
  <site id="9" module="/synthetic/app" offset="4672" function="synthetic"/>
  <site id="10" module="/synthetic/app" offset="4736" function="synthetic"/>
  <site id="11" module="/synthetic/app" offset="4800" function="synthetic"/>
  <site id="12" module="/synthetic/app" offset="4864" function="synthetic"/>
  <site id="13" module="/synthetic/app" offset="4928" function="synthetic"/>
  <site id="14" module="/synthetic/app" offset="4992" function="synthetic"/>
  <site id="15" module="/synthetic/app" offset="5056" function="synthetic"/>
  <site id="16" module="/synthetic/app" offset="5120" function="synthetic"/>
  <site id="17" module="/synthetic/app" offset="5184" function="synthetic"/>
  <site id="18" module="/synthetic/app" offset="5248" function="synthetic"/>
  <site id="19" module="/synthetic/app" offset="5312" function="synthetic"/>
  <site id="20" module="/synthetic/app" offset="5376" function="synthetic"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1 2 3"/>
  <comm id="1" gid="1000" created-by="MPI_Cart_create" parent-slot="0" members="0 1 2 3" dims="2 2" periods="0 0"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="64" time-ns="3597363" compute-ns="424563" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
  <rank id="1" class="0" events="64" time-ns="3595737" compute-ns="422937" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
  <rank id="2" class="0" events="64" time-ns="3583538" compute-ns="410738" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
  <rank id="3" class="0" events="64" time-ns="3583684" compute-ns="410884" mpi-ns="3186400" per-event-ns="100" comms="0 - 1"/>
 </ranks>
 <class id="0" ranks="0 1 2 3" program="1" events="64" length="25" time-ns="3590080.5">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="4">
   <side role="member" flags="" events="4" rbytes-events="4" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <computation count="4" mean="19900" min="19900" max="19900" shift="100" buckets="711:4"/>
   <compute-cpu count="4" mean="19900" min="19900" max="19900" shift="100" buckets="711:4"/>
   <duration count="4" mean="3e+06" min="3000000" max="3000000" buckets="1071:4"/>
  </symbol>
  <symbol id="1" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="4">
   <side role="member" flags="" events="4" rbytes-events="4" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="4" mean="4900" min="4900" max="4900" shift="100" buckets="610:4"/>
   <compute-cpu count="4" mean="4900" min="4900" max="4900" shift="100" buckets="610:4"/>
   <duration count="4" mean="20000" min="20000" max="20000" buckets="711:4"/>
  </symbol>
  <symbol id="2" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="1" occurrences="4">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="4" rbytes-events="2" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="4" mean="49899.75" min="45548" max="54094" shift="100" buckets="769:1 770:1 782:2"/>
   <compute-cpu count="4" mean="49899.75" min="45548" max="54094" shift="100" buckets="769:1 770:1 782:2"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="3" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="24">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="24" rbytes-events="12" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="4" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="24">
   <peer kind="cart" vec="0 -1"/>
   <side role="member" flags="" events="24" rbytes-events="12" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="24">
   <peer kind="cart" vec="0 1"/>
   <side role="member" flags="" events="24" rbytes-events="12" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="6" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="24">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="24" rbytes-events="24" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="7" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="24">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="24" rbytes-events="24" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="8" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="24">
   <peer kind="cart" vec="0 -1"/>
   <side role="member" flags="" events="24" rbytes-events="24" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="9" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="24">
   <peer kind="cart" vec="0 1"/>
   <side role="member" flags="" events="24" rbytes-events="24" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <compute-cpu count="24" mean="50" min="50" max="50" shift="100" buckets="278:24"/>
   <duration count="24" mean="300" min="300" max="300" buckets="408:24"/>
  </symbol>
  <symbol id="10" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="24">
   <side role="member" flags="" events="24" rbytes-events="24" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="8" index="0" call="MPI_Irecv"/>
   <link dist="7" index="1" call="MPI_Irecv"/>
   <link dist="6" index="2" call="MPI_Irecv"/>
   <link dist="5" index="3" call="MPI_Irecv"/>
   <link dist="4" index="4" call="MPI_Isend"/>
   <link dist="3" index="5" call="MPI_Isend"/>
   <link dist="2" index="6" call="MPI_Isend"/>
   <link dist="1" index="7" call="MPI_Isend"/>
   <compute count="24" mean="100" min="100" max="100" shift="100" buckets="328:24"/>
   <compute-cpu count="24" mean="100" min="100" max="100" shift="100" buckets="328:24"/>
   <duration count="24" mean="5000" min="5000" max="5000" buckets="611:24"/>
  </symbol>
  <symbol id="11" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="24">
   <side role="member" flags="" events="24" rbytes-events="24" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="24" mean="12700.25" min="11153" max="13609" shift="100" buckets="667:1 671:1 672:1 673:4 674:1 675:1 676:1 677:2 678:3 679:1 680:3 681:4 682:1"/>
   <compute-cpu count="24" mean="12700.25" min="11153" max="13609" shift="100" buckets="667:1 671:1 672:1 673:4 674:1 675:1 676:1 677:2 678:3 679:1 680:3 681:4 682:1"/>
   <duration count="24" mean="3000" min="3000" max="3000" buckets="573:24"/>
  </symbol>
  <symbol id="12" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="20">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="20" rbytes-events="10" count="128 128 128" bytes="1024 1024 1024" rbytes="0 0 0"/>
   <compute count="20" mean="50575.85" min="45523" max="54887" shift="100" buckets="769:1 770:1 772:1 773:2 774:2 775:2 776:1 777:1 778:2 779:1 781:2 783:4"/>
   <compute-cpu count="20" mean="50575.85" min="45523" max="54887" shift="100" buckets="769:1 770:1 772:1 773:2 774:2 775:2 776:1 777:1 778:2 779:1 781:2 783:4"/>
   <duration count="20" mean="300" min="300" max="300" buckets="408:20"/>
  </symbol>
  <symbol id="13" call="MPI_Reduce" comm="2" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="4">
   <root kind="abs" value="0"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <side role="root" flags="" events="1" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="4" mean="900" min="900" max="900" shift="100" buckets="487:4"/>
   <compute-cpu count="4" mean="900" min="900" max="900" shift="100" buckets="487:4"/>
   <duration count="4" mean="4000" min="4000" max="4000" buckets="597:4"/>
  </symbol>
  <symbol id="14" call="MPI_Finalize" comm="0" site="20" prev-site="12" occurrences="4">
   <side role="member" flags="" events="4" rbytes-events="4" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="4" mean="9900" min="9900" max="9900" shift="100" buckets="660:4"/>
   <compute-cpu count="4" mean="9900" min="9900" max="9900" shift="100" buckets="660:4"/>
   <duration count="4" mean="100000" min="100000" max="100000" buckets="826:4"/>
  </symbol>
  <block id="0" events="10" time-ns="74126.1">
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
  </block>
  <block id="1" events="64" time-ns="503680.5">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <loop body="0" count="5"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="13"/>
   <s ref="14"/>
  </block>
  <dominant block="0" count="5" share="0.7358444490108312" iteration-ns="74126.1"/>
 </class>
</signature>
